/** What became of a link the visitor asked to share. */
export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed';

type Sharing = { share?: Navigator['share']; clipboard?: Pick<Clipboard, 'writeText'> };

/**
 * Shares a page: through the device's share sheet (the Web Share API) where the browser has one, else by copying
 * its address to the clipboard. Closing the share sheet is the visitor's choice ('cancelled'); a share sheet
 * that refuses falls back to the clipboard. 'failed' when neither works (no clipboard outside HTTPS).
 */
export async function shareLink(
  link: { title: string; url: string },
  sharing: Sharing,
): Promise<ShareOutcome> {
  if (typeof sharing.share === 'function') {
    try {
      await sharing.share({ title: link.title, url: link.url });
      return 'shared';
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
    }
  }
  try {
    if (!sharing.clipboard) return 'failed';
    await sharing.clipboard.writeText(link.url);
    return 'copied';
  } catch {
    return 'failed';
  }
}
