import type { RaceStats } from '@stride/shared';
import { PARTICIPANTS_MESSAGES } from '../participants-messages';
import { formatNumber } from '../../../lib/counts';

const S = PARTICIPANTS_MESSAGES.summary;

/** The race's numbers at a glance: registered / limit, the waitlist, places left and today's registrations. */
export function SummaryStrip({ stats }: { stats: RaceStats }) {
  const items = [
    { label: S.registered, value: S.registeredOf(stats.counts.registered, stats.capacity) },
    { label: S.waitlist, value: formatNumber(stats.counts.waitlisted) },
    { label: S.placesLeft, value: stats.placesLeft === null ? S.noLimit : formatNumber(stats.placesLeft) },
    { label: S.today, value: formatNumber(stats.registrationsToday) },
  ];
  return (
    <section aria-label={S.label}>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {items.map((item) => (
          <div key={item.label} className="bg-base-200 rounded-box p-4">
            <dt className="text-base-content/75 text-sm">{item.label}</dt>
            <dd className="text-2xl font-bold">{item.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
