import { MY_DATA_PATH } from '../api/account-api';
import { ACCOUNT_TEXTS as M } from '../messages';

/** Settings: the account's data as one JSON file (the server names it, `stride-my-data-<day>.json`). */
export function DownloadMyData() {
  return (
    <section aria-labelledby="download-heading" className="max-w-lg space-y-2">
      <h2 id="download-heading" className="text-xl font-bold">
        {M.downloadHeading}
      </h2>
      <p>{M.downloadIntro}</p>
      <a href={MY_DATA_PATH} download className="btn btn-outline">
        {M.downloadLink}
      </a>
    </section>
  );
}
