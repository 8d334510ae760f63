import { useId, useMemo, useState } from 'react';
import { CHECKIN_SCREEN_MESSAGES, clockTime, runnerName } from '../checkin-messages';
import { searchRoster, type LocalRoster } from '../roster';

const M = CHECKIN_SCREEN_MESSAGES.search;
/** Runners listed for one search. */
const RESULTS_LIMIT = 20;

/** Bib or name search over the phone's roster (the camera's fallback), a "Check in" button per runner. */
export function RunnerSearch({
  roster,
  rosterVersion,
  timeZone,
  onCheckIn,
}: {
  roster: LocalRoster;
  /** Changes when the roster does: the results are read again. */
  rosterVersion: number;
  timeZone: string;
  onCheckIn: (registrationId: string) => void;
}) {
  const [query, setQuery] = useState('');
  const inputId = useId();
  const results = useMemo(
    () => searchRoster(roster, query, RESULTS_LIMIT),
    // rosterVersion stands for the roster's content, which changes in place.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [roster, query, rosterVersion],
  );

  return (
    <div className="space-y-3">
      <form role="search" onSubmit={(event) => event.preventDefault()}>
        <label htmlFor={inputId} className="label mb-1 font-semibold">
          {M.label}
        </label>
        <input
          id={inputId}
          type="search"
          inputMode="search"
          autoComplete="off"
          className="input input-lg w-full"
          placeholder={M.placeholder}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
      </form>
      {query.trim() !== '' && results.length === 0 && <p className="text-base-content/80">{M.none}</p>}
      {results.length > 0 && (
        <ul className="divide-base-300 divide-y">
          {results.map((entry) => {
            const name = runnerName(entry.firstName, entry.lastName);
            return (
              <li key={entry.registrationId} className="flex items-center gap-3 py-3">
                <div className="min-w-0 flex-1">
                  <p className="truncate text-lg font-semibold">{name}</p>
                  <p className="text-base-content/80 text-sm">
                    {CHECKIN_SCREEN_MESSAGES.result.bib(entry.bib)} ·{' '}
                    {entry.checkedInAt
                      ? M.checkedInAt(clockTime(entry.checkedInAt, timeZone))
                      : M.notCheckedIn}
                  </p>
                </div>
                <button
                  type="button"
                  className="btn btn-primary"
                  onClick={() => onCheckIn(entry.registrationId)}
                >
                  {M.checkIn}
                  <span className="sr-only"> {name}</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {results.length === RESULTS_LIMIT && (
        <p className="text-base-content/80 text-sm">{M.more(RESULTS_LIMIT)}</p>
      )}
    </div>
  );
}
