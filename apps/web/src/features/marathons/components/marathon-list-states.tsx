import type { Marathon } from '@stride/shared';
import type { ReactNode } from 'react';
import { LoadFailed } from '../../../components/ui/load-failed';
import { MARATHON_LIST_MESSAGES } from '../list-messages';
import { MarathonGrid } from './marathon-card';

/** The friendly message of a list that failed to load, with a way to try again (re-runs the route loaders). */
export function MarathonsLoadFailed() {
  return <LoadFailed message={MARATHON_LIST_MESSAGES.loadFailed} />;
}

/**
 * A grid of races, the empty text (and what to do about it) when there are none, or the failure message when
 * they could not load.
 */
export function MarathonResults({
  marathons,
  emptyText,
  emptyAction,
  eagerCount = 0,
}: {
  /** `null` when the list failed to load. */
  marathons: Marathon[] | null;
  emptyText: string;
  /** A control beside the empty text, e.g. 'Clear filters'. */
  emptyAction?: ReactNode;
  eagerCount?: number;
}) {
  if (marathons === null) return <MarathonsLoadFailed />;
  if (marathons.length === 0) {
    return (
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 py-6">
        <p className="text-base-content/75">{emptyText}</p>
        {emptyAction}
      </div>
    );
  }
  return <MarathonGrid marathons={marathons} eagerCount={eagerCount} />;
}
