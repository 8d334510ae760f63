import type { RaceStats } from '@stride/shared';
import { PARTICIPANTS_MESSAGES } from '../participants-messages';
import { formatNumber } from '../../../lib/counts';
import { checkinSummary } from '../checkins';
import { revenueSummary } from '../payments';

const S = PARTICIPANTS_MESSAGES.summary;

/** `detail`: smaller text after the value, in the same sentence ('812' 'of 2,400 checked in'). */
type SummaryItem = { label: string; value: string; detail?: string; notes?: string[] };

/** Columns from the sm breakpoint up, by the number of items: one row of four, else rows of three (or more). */
const GRID_COLUMNS: Record<number, string> = {
  4: 'sm:grid-cols-4',
  5: 'sm:grid-cols-3 xl:grid-cols-5',
  7: 'sm:grid-cols-3 xl:grid-cols-4',
};

/**
 * The race's numbers at a glance: registered / limit, the waitlist, places left and today's registrations; for a
 * race with money (`withPayments`), the places held for payment and the revenue, with what is still due on site;
 * once runners hold places, how many of them are checked in (issue 33).
 */
export function SummaryStrip({ stats, withPayments }: { stats: RaceStats; withPayments: boolean }) {
  const revenue = revenueSummary(stats.revenue);
  const checkin = checkinSummary(stats);
  const items: SummaryItem[] = [
    { label: S.registered, value: S.registeredOf(stats.counts.registered, stats.capacity) },
    { label: S.waitlist, value: formatNumber(stats.counts.waitlisted) },
    { label: S.placesLeft, value: stats.placesLeft === null ? S.noLimit : formatNumber(stats.placesLeft) },
    { label: S.today, value: formatNumber(stats.registrationsToday) },
    ...(withPayments
      ? [
          { label: S.pending, value: formatNumber(stats.pendingCount) },
          { label: S.revenue, value: revenue.net, notes: revenue.notes },
        ]
      : []),
    ...(checkin ? [{ label: S.checkin, ...checkin }] : []),
  ];
  return (
    <section aria-label={S.label}>
      <dl className={`grid grid-cols-2 gap-3 ${GRID_COLUMNS[items.length] ?? 'sm:grid-cols-3'}`}>
        {items.map((item) => (
          <div key={item.label} className="bg-base-200 rounded-box p-4">
            <dt className="text-base-content/75 text-sm">{item.label}</dt>
            <dd>
              <span className="text-2xl font-bold">{item.value}</span>
              {item.detail && <span className="text-base-content/75 text-sm"> {item.detail}</span>}
            </dd>
            {item.notes?.map((note) => (
              <dd key={note} className="text-base-content/75 text-sm">
                {note}
              </dd>
            ))}
          </div>
        ))}
      </dl>
    </section>
  );
}
