import { useState } from 'react';
import { ShareIcon } from '../../../components/ui/link-icons';
import { RACE_PAGE_MESSAGES } from '../race-page-messages';
import { shareLink } from '../share-link';

/**
 * Share: the device's share sheet where the browser has one, else the link copied to the clipboard, which a
 * status beside the button says ('Link copied'; the link itself to copy when even that failed).
 */
export function ShareRace({ title, url }: { title: string; url: string }) {
  const [notice, setNotice] = useState('');
  const share = async () => {
    setNotice('');
    const outcome = await shareLink({ title, url }, navigator);
    if (outcome === 'copied') setNotice(RACE_PAGE_MESSAGES.linkCopied);
    if (outcome === 'failed') setNotice(RACE_PAGE_MESSAGES.copyThisLink(url));
  };
  return (
    <div className="flex flex-wrap items-center gap-2">
      <button type="button" className="btn btn-outline btn-sm" onClick={() => void share()}>
        <ShareIcon width={16} height={16} />
        {RACE_PAGE_MESSAGES.share}
      </button>
      <p role="status" className="text-sm font-medium">
        {notice}
      </p>
    </div>
  );
}
