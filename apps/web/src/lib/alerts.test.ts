import { beforeEach, describe, expect, it, vi } from 'vitest';
import { confirmDelete, showAlert, showToast } from './alerts';
import { DELETE_CONFIRM } from './record-messages';

const fire = vi.hoisted(() => vi.fn(async () => ({ isConfirmed: true })));
vi.mock('sweetalert2', () => ({ default: { fire } }));

const MARKUP = '<a href="https://evil.example">Session expired, sign in here</a><img src=x>';

/** The options of every popup fired so far. */
const firedOptions = () => fire.mock.calls.map((call) => (call as unknown[])[0] as Record<string, unknown>);

/** The page's theme, as `<html data-theme>` says it. */
let pageTheme = 'light';
/** What `dialog[open]` finds: the modal open on the page, if any. */
let openDialog: object | null = null;
vi.stubGlobal('document', {
  documentElement: { getAttribute: () => pageTheme },
  querySelector: (selector: string) => (selector === 'dialog[open]' ? openDialog : null),
});

beforeEach(() => {
  fire.mockClear();
  pageTheme = 'light';
  openDialog = null;
});

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

describe('popups follow the page', () => {
  it('open a confirmation asked from a modal inside it, as the page outside is inert', async () => {
    await confirmDelete();
    openDialog = { tagName: 'DIALOG' };
    await confirmDelete();

    expect(firedOptions().map((options) => options.target)).toEqual([undefined, openDialog]);
  });

  it('take the dark theme on a dark page, and the light one otherwise', async () => {
    await showToast('success', 'Saved');
    pageTheme = 'dark';
    await showAlert({ icon: 'info', title: 'Saved' });
    await confirmDelete();

    expect(firedOptions().map((options) => options.theme)).toEqual(['light', 'dark', 'dark']);
  });

  it("put a confirmation's detail on its own line below the SPEC's text", async () => {
    await confirmDelete({ ...DELETE_CONFIRM, detail: 'Your entry in City Run will be withdrawn.' });

    expect(firedOptions()).toEqual([
      expect.objectContaining({
        text: "You won't be able to revert this!\n\nYour entry in City Run will be withdrawn.",
      }),
    ]);
  });
});
