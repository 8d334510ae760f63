import { describe, expect, it, vi } from 'vitest';
import { shareLink } from './share-link';

const LINK = { title: 'Lisbon Riverside Marathon', url: 'https://stride.example/races/42' };

describe('shareLink', () => {
  it("hands the link to the device's share sheet when there is one", async () => {
    const share = vi.fn(async () => {});
    const writeText = vi.fn(async () => {});

    expect(await shareLink(LINK, { share, clipboard: { writeText } })).toBe('shared');
    expect(share).toHaveBeenCalledWith(LINK);
    expect(writeText).not.toHaveBeenCalled();
  });

  it('copies the link when the browser cannot share', async () => {
    const writeText = vi.fn(async () => {});

    expect(await shareLink(LINK, { clipboard: { writeText } })).toBe('copied');
    expect(writeText).toHaveBeenCalledWith(LINK.url);
  });

  it('leaves it at that when the visitor closes the share sheet', async () => {
    const share = vi.fn(async () => {
      throw new DOMException('Share canceled', 'AbortError');
    });
    const writeText = vi.fn(async () => {});

    expect(await shareLink(LINK, { share, clipboard: { writeText } })).toBe('cancelled');
    expect(writeText).not.toHaveBeenCalled();
  });

  it('copies the link when the share sheet refuses', async () => {
    const share = vi.fn(async () => {
      throw new DOMException('Not allowed', 'NotAllowedError');
    });
    const writeText = vi.fn(async () => {});

    expect(await shareLink(LINK, { share, clipboard: { writeText } })).toBe('copied');
  });

  it('fails when there is no clipboard either, or it refuses', async () => {
    expect(await shareLink(LINK, {})).toBe('failed');
    const writeText = vi.fn(async () => {
      throw new DOMException('Denied', 'NotAllowedError');
    });
    expect(await shareLink(LINK, { clipboard: { writeText } })).toBe('failed');
  });
});
