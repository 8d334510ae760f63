import type { KeyboardEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import type { RegistrationStatus } from '@stride/shared';
import { REGISTRATION_STATUSES } from '@stride/shared/constants';
import { PARTICIPANTS_MESSAGES } from '../participants-messages';
import { toSearch, withStatus, type ParticipantsView } from '../participants-view';

const L = PARTICIPANTS_MESSAGES.list;

export const statusTabId = (status: RegistrationStatus) => `participants-tab-${status}`;

/**
 * The tabs Registered and Waitlist. Each is a link (the tab is in the URL, so back and forward switch it); the
 * arrow keys move between them and open the other tab, as the ARIA tabs pattern has it.
 */
export function StatusTabs({ view, panelId }: { view: ParticipantsView; panelId: string }) {
  const navigate = useNavigate();
  const searchFor = (status: RegistrationStatus) => toSearch(withStatus(view, status));

  function moveWithArrows(event: KeyboardEvent<HTMLAnchorElement>) {
    const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
    if (step === undefined) return;
    event.preventDefault();
    const index = REGISTRATION_STATUSES.indexOf(view.status);
    const next = REGISTRATION_STATUSES.at((index + step) % REGISTRATION_STATUSES.length)!;
    document.getElementById(statusTabId(next))?.focus();
    void navigate({ search: searchFor(next) }, { preventScrollReset: true });
  }

  return (
    <div role="tablist" aria-label={L.tabsLabel} className="join">
      {REGISTRATION_STATUSES.map((status) => {
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
