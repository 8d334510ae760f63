import { describe, expect, it, vi } from 'vitest';
import { shareNotice } from './components/share-result-button';
import { shareResult } from './share-result';

const RESULT = {
  title: 'Ana Lima · Lisbon Marathon',
  text: 'Ana Lima ran Lisbon Marathon in 3:25:12 · 12th of 3,402 · 3rd F 40–49',
  url: 'https://stride.example/results/r1/101',
};

describe('shareResult', () => {
  it("hands the title, the line and the link to the device's share sheet when there is one", async () => {
    const share = vi.fn(async () => {});
    const writeText = vi.fn(async () => {});

    expect(await shareResult(RESULT, { share, clipboard: { writeText } })).toBe('shared');
    expect(share).toHaveBeenCalledWith(RESULT);
    expect(writeText).not.toHaveBeenCalled();
  });

  it('copies the link when the browser cannot share, and says so: "Link copied"', async () => {
    const writeText = vi.fn(async () => {});

    const outcome = await shareResult(RESULT, { clipboard: { writeText } });

    expect(outcome).toBe('copied');
    expect(writeText).toHaveBeenCalledWith(RESULT.url);
    expect(shareNotice(outcome, RESULT.url)).toBe('Link copied');
  });

  it('copies the link when the share sheet refuses', async () => {
    const share = vi.fn(async () => {
      throw new DOMException('Not allowed', 'NotAllowedError');
    });
    const writeText = vi.fn(async () => {});

    expect(await shareResult(RESULT, { share, clipboard: { writeText } })).toBe('copied');
    expect(writeText).toHaveBeenCalledWith(RESULT.url);
  });

  it('leaves it at that when the runner closes the share sheet', async () => {
    const share = vi.fn(async () => {
      throw new DOMException('Share canceled', 'AbortError');
    });
    const writeText = vi.fn(async () => {});

    const outcome = await shareResult(RESULT, { share, clipboard: { writeText } });
    expect(outcome).toBe('cancelled');
    expect(writeText).not.toHaveBeenCalled();
    expect(shareNotice(outcome, RESULT.url)).toBe('');
  });

  it('gives the link to copy by hand when there is no clipboard either', async () => {
    const outcome = await shareResult(RESULT, {});
    expect(outcome).toBe('failed');
    expect(shareNotice(outcome, RESULT.url)).toBe(`Copy this link: ${RESULT.url}`);
  });
});
