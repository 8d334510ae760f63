import type { ReactNode } from 'react';
import type { Marathon } from '@stride/shared';
import { PosterImage } from '../../../components/ui/pictures';
import { DETAILS_MESSAGES } from '../details-messages';
import { getPriceText } from '../race-price';

/** A line of a race's facts: 'Location: Lisbon'. */
export type RaceFact = { label: string; value: ReactNode };

/** The facts of the race's entry rules, after the others: its minimum age when it has one. */
export function getEntryFacts(marathon: Pick<Marathon, 'minimumAge'>): RaceFact[] {
  return marathon.minimumAge === null
    ? []
    : [{ label: DETAILS_MESSAGES.minimumAge, value: DETAILS_MESSAGES.onRaceDay(marathon.minimumAge) }];
}

/** The race's entry fee at `now` ('Free' for a free race), with the next tier's fee from its date below it. */
export function getPriceFact(
  marathon: Pick<Marathon, 'entryFee' | 'priceTiers' | 'currency' | 'timeZone'>,
  now: Date,
): RaceFact {
  const { fee, next } = getPriceText(marathon, now);
  return {
    label: DETAILS_MESSAGES.entryFee,
    value: (
      <>
        {fee}
        {next && <span className="text-base-content/75 block text-sm">{next}</span>}
      </>
    ),
  };
}

/**
 * The top of a race's page (its details, its public page): the poster beside the title, the facts as 'label:
 * value' lines, then what the page adds (`children`).
 */
export function RaceOverview({
  marathon,
  facts,
  children,
}: {
  marathon: Pick<Marathon, 'image' | 'title'>;
  facts: RaceFact[];
  children: ReactNode;
}) {
  return (
    <div className="grid items-start gap-8 lg:grid-cols-2">
      <figure className="rounded-box bg-base-200 overflow-hidden">
        <PosterImage
          src={marathon.image}
          title={marathon.title}
          className="aspect-video h-full w-full object-cover"
          sizes="(min-width: 1024px) 50vw, 100vw"
          // The page's largest paint: fetch it ahead of the rest.
          fetchPriority="high"
        />
      </figure>
      <div className="space-y-5">
        <h1 className="text-3xl font-black tracking-tight sm:text-4xl">{marathon.title}</h1>
        <ul className="space-y-1">
          {facts.map(({ label, value }) => (
            <li key={label}>
              <span className="font-semibold">{label}:</span> {value}
            </li>
          ))}
        </ul>
        {children}
      </div>
    </div>
  );
}
