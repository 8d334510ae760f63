import type { Marathon } from '@stride/shared';
import { LoadFailed } from '../../../components/ui/load-failed';
import { MARATHON_LIST_MESSAGES } from '../list-messages';
import { MarathonGrid } from './marathon-card';

/** The friendly message of a list that failed to load, with a way to try again (re-runs the route loaders). */
export function MarathonsLoadFailed() {
  return <LoadFailed message={MARATHON_LIST_MESSAGES.loadFailed} />;
}

/** A grid of races, the empty text when there are none, or the failure message when they could not load. */
export function MarathonResults({
  marathons,
  emptyText,
  eagerCount = 0,
}: {
  /** `null` when the list failed to load. */
  marathons: Marathon[] | null;
  emptyText: string;
  eagerCount?: number;
}) {
  if (marathons === null) return <MarathonsLoadFailed />;
  if (marathons.length === 0) return <p className="text-base-content/75 py-6">{emptyText}</p>;
  return <MarathonGrid marathons={marathons} eagerCount={eagerCount} />;
}
