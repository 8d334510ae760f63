import { useState } from 'react';
import { ShareIcon } from '../../../components/ui/link-icons';
import { RESULTS_PAGE_MESSAGES } from '../results-messages';
import { shareResult, type ShareOutcome, type SharedResult } from '../share-result';

const C = RESULTS_PAGE_MESSAGES.card;

/** What the status beside Share says once a share ended: 'Link copied', or the link itself when even that failed. */
export function shareNotice(outcome: ShareOutcome, url: string): string {
  if (outcome === 'copied') return C.linkCopied;
  if (outcome === 'failed') return C.copyThisLink(url);
  return '';
}

/**
 * Share: the device's share sheet where the browser has one (title, text, link), else the link copied to the
 * clipboard, which the status beside the button says. `result` is asked for when pressed (the page's address).
 */
export function ShareResultButton({ result }: { result: () => SharedResult }) {
  const [notice, setNotice] = useState('');
  const share = async () => {
    setNotice('');
    const shared = result();
    setNotice(shareNotice(await shareResult(shared, navigator), shared.url));
  };
  return (
    <div className="flex flex-wrap items-center gap-2">
      <button type="button" className="btn btn-primary" onClick={() => void share()}>
        <ShareIcon width={18} height={18} />
        {C.share}
      </button>
      <p role="status" className="text-sm font-medium break-all">
        {notice}
      </p>
    </div>
  );
}
