import type { KeyboardEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import type { RegistrationStatus } from '@stride/shared';
import { PARTICIPANTS_MESSAGES } from '../participants-messages';
import { toSearch, withStatus, type ParticipantsView } from '../participants-view';

const L = PARTICIPANTS_MESSAGES.list;

export const statusTabId = (status: RegistrationStatus) => `participants-tab-${status}`;

/**
 * The tabs Registered and Waitlist, and a paid race's Awaiting payment, Cancelled and Expired (`statuses`). Each
 * is a link (the tab is in the URL, so back and forward switch it); the arrow keys move between them and open
 * the next tab, as the ARIA tabs pattern has it.
 */
export function StatusTabs({
  view,
  statuses,
  panelId,
}: {
  view: ParticipantsView;
  statuses: readonly RegistrationStatus[];
  panelId: string;
}) {
  const navigate = useNavigate();
  const searchFor = (status: RegistrationStatus) => toSearch(withStatus(view, status));

  function moveWithArrows(event: KeyboardEvent<HTMLAnchorElement>) {
    const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
    if (step === undefined) return;
    event.preventDefault();
    const index = statuses.indexOf(view.status);
    const next = statuses.at((index + step) % statuses.length)!;
    document.getElementById(statusTabId(next))?.focus();
    void navigate({ search: searchFor(next) }, { preventScrollReset: true });
  }

  return (
    <div role="tablist" aria-label={L.tabsLabel} className="join flex-wrap">
      {statuses.map((status) => {
        const isSelected = status === view.status;
        return (
          <Link
            key={status}
            id={statusTabId(status)}
            role="tab"
            aria-selected={isSelected}
            aria-controls={panelId}
            tabIndex={isSelected ? 0 : -1}
            className={`join-item btn btn-sm ${isSelected ? 'btn-primary' : ''}`}
            to={{ search: searchFor(status) }}
            preventScrollReset
            onKeyDown={moveWithArrows}
          >
            {L.tabs[status]}
          </Link>
        );
      })}
    </div>
  );
}
