import { beforeEach, describe, expect, it, vi } from 'vitest';
import { confirmDelete, showAlert, showToast } from './alerts';

const fire = vi.hoisted(() => vi.fn(async () => ({ isConfirmed: true })));
vi.mock('sweetalert2', () => ({ default: { fire } }));

const MARKUP = '<a href="https://evil.example">Session expired, sign in here</a><img src=x>';

/** The options of every popup fired so far. */
const firedOptions = () => fire.mock.calls.map((call) => (call as unknown[])[0] as Record<string, unknown>);

beforeEach(() => fire.mockClear());

describe('alerts render their words as text, never as markup', () => {
  it('a toast sets its title as titleText', async () => {
    await showToast('warning', MARKUP);

    expect(firedOptions()).toEqual([expect.objectContaining({ titleText: MARKUP, toast: true })]);
  });

  it('an alert sets its title as titleText and its message as text', async () => {
    await showAlert({ icon: 'error', title: MARKUP, text: MARKUP });

    expect(firedOptions()).toEqual([expect.objectContaining({ titleText: MARKUP, text: MARKUP })]);
  });

  it('the delete confirmation too', async () => {
    expect(await confirmDelete()).toBe(true);

    expect(firedOptions()).toEqual([expect.objectContaining({ titleText: 'Are you sure?' })]);
  });

  it('a confirmation in its own words (leaving a waitlist) too', async () => {
    await confirmDelete({ title: MARKUP, text: MARKUP, confirmButton: 'Yes' });

    expect(firedOptions()).toEqual([
      expect.objectContaining({ titleText: MARKUP, text: MARKUP, confirmButtonText: 'Yes' }),
    ]);
  });

  it("a confirmation names the button that keeps the record: 'Cancel' unless told otherwise", async () => {
    await confirmDelete();
    await confirmDelete({
      title: 'Cancel?',
      text: 'Sure?',
      confirmButton: 'Yes, cancel it!',
      keepButton: 'Keep it',
    });

    expect(firedOptions()).toEqual([
      expect.objectContaining({ cancelButtonText: 'Cancel' }),
      expect.objectContaining({ confirmButtonText: 'Yes, cancel it!', cancelButtonText: 'Keep it' }),
    ]);
  });

  it('no popup is ever given the options that SweetAlert2 renders as HTML', async () => {
    await showToast('success', MARKUP);
    await showAlert({ icon: 'info', title: MARKUP, text: MARKUP, timer: 1500 });
    await confirmDelete();

    for (const options of firedOptions()) {
      for (const htmlOption of ['title', 'html', 'footer', 'iconHtml', 'closeButtonHtml']) {
        expect(options).not.toHaveProperty(htmlOption);
      }
    }
  });
});
