/** What became of a result the runner asked to share. */
export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed';

type Sharing = { share?: Navigator['share']; clipboard?: Pick<Clipboard, 'writeText'> };

/** What a shared result says: its title, a line of text (the time and places) and the card's address. */
export type SharedResult = { title: string; text: string; url: string };

/**
 * Shares a result card: through the device's share sheet (the Web Share API) where the browser has one, else by
 * copying its address to the clipboard. Closing the share sheet is the runner's choice ('cancelled'); a share
 * sheet that refuses falls back to the clipboard. 'failed' when neither works (no clipboard outside HTTPS).
 */
export async function shareResult(result: SharedResult, sharing: Sharing): Promise<ShareOutcome> {
  if (typeof sharing.share === 'function') {
    try {
      await sharing.share({ title: result.title, text: result.text, url: result.url });
      return 'shared';
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
    }
  }
  try {
    if (!sharing.clipboard) return 'failed';
    await sharing.clipboard.writeText(result.url);
    return 'copied';
  } catch {
    return 'failed';
  }
}
