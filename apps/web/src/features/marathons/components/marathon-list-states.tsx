import type { Marathon } from '@stride/shared';
import { useRevalidator } from 'react-router';
import { MARATHON_LIST_MESSAGES } from '../list-messages';
import { MarathonGrid } from './marathon-card';

/** The friendly message of a list that failed to load, with a way to try again (re-runs the route loaders). */
export function MarathonsLoadFailed() {
  const revalidator = useRevalidator();
  const isRetrying = revalidator.state === 'loading';
  return (
    <div role="alert" className="alert border-error bg-error/10 text-base-content flex flex-wrap">
      <span>{MARATHON_LIST_MESSAGES.loadFailed}</span>
      <button
        type="button"
        className="btn btn-sm"
        onClick={() => void revalidator.revalidate()}
        disabled={isRetrying}
      >
        {isRetrying && <span className="loading loading-spinner loading-xs" aria-hidden />}
        Try again
      </button>
    </div>
  );
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
