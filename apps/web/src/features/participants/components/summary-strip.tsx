import type { RaceStats } from '@stride/shared';
import { PARTICIPANTS_MESSAGES } from '../participants-messages';
import { formatNumber } from '../../../lib/counts';
import { revenueSummary } from '../payments';

const S = PARTICIPANTS_MESSAGES.summary;

type SummaryItem = { label: string; value: string; notes?: string[] };

/**
 * The race's numbers at a glance: registered / limit, the waitlist, places left and today's registrations; for a
 * race with money (`withPayments`), the places held for payment and the revenue, with what is still due on site.
 */
export function SummaryStrip({ stats, withPayments }: { stats: RaceStats; withPayments: boolean }) {
  const revenue = revenueSummary(stats.revenue);
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
  ];
  return (
    <section aria-label={S.label}>
      <dl className={`grid grid-cols-2 gap-3 ${withPayments ? 'sm:grid-cols-3' : 'sm:grid-cols-4'}`}>
        {items.map((item) => (
          <div key={item.label} className="bg-base-200 rounded-box p-4">
            <dt className="text-base-content/75 text-sm">{item.label}</dt>
            <dd className="text-2xl font-bold">{item.value}</dd>
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
