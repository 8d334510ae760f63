/**
 * What a committed write changed, with the ids it touched, so that a cache drops exactly those entries:
 * - `race`: a race was created, changed or deleted; `runnerIds` are the runners whose lists show it (its
 *   registrants, when its title or date changed or it went).
 * - `registration`: a runner's registration for a race was made, changed or withdrawn (the race's count too).
 * - `waitlist`: the race's line moved (someone left it or was promoted): every place in it may have changed.
 * - `mail-queued`: the write queued mail in the outbox.
 * - `sessions`: sessions or accounts changed (a sign-out, a revoked session, a password reset, a new name).
 * - `missed`: news from other server processes may have been lost (their channel was down): drop everything.
 */
export type DataChange =
  | { kind: 'race'; raceId: string; runnerIds: readonly string[] }
  | { kind: 'registration'; raceId: string; runnerId: string }
  | { kind: 'waitlist'; raceId: string }
  /** Mail was written to the outbox: the mail worker can send it now instead of at its next poll. */
  | { kind: 'mail-queued' }
  | { kind: 'sessions' }
  | { kind: 'missed' };

export type ChangeListener = (change: DataChange) => void;

/** Carries this process's committed changes to the other server processes on the same database. */
export type ChangeBroadcast = { send: (changes: readonly DataChange[]) => void };

/** Changes that mean something to another process: its mail worker finds queued mail by itself. */
const concernsOtherProcesses = (change: DataChange) =>
  change.kind !== 'mail-queued' && change.kind !== 'missed';

/**
 * News of committed writes (published by the unit of work, changes/unit-of-work.ts, and by the auth routes), for the
 * read caches that must follow them at once. With a `broadcast`, what this process publishes also reaches the
 * other processes, whose own broadcast hands it to `receive`.
 */
export function createChangeFeed(broadcast?: ChangeBroadcast) {
  const listeners: ChangeListener[] = [];
  const deliver = (changes: readonly DataChange[]) => {
    for (const change of changes) for (const listener of listeners) listener(change);
  };
  return {
    publish(changes: readonly DataChange[]): void {
      deliver(changes);
      const shared = broadcast ? changes.filter(concernsOtherProcesses) : [];
      if (shared.length > 0) broadcast!.send(shared);
    },
    /** Changes committed by another process. */
    receive: deliver,
    subscribe(listener: ChangeListener): void {
      listeners.push(listener);
    },
  };
}

export type ChangeFeed = ReturnType<typeof createChangeFeed>;
