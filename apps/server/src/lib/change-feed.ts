/**
 * What a committed write changed, with the ids it touched, so that a cache drops exactly those entries:
 * - `race`: a race was created, changed or deleted; `runnerIds` are the runners whose lists show it (its
 *   registrants, when its title or date changed or it went).
 * - `registration`: a runner's registration for a race was made, changed or withdrawn (the race's count too).
 * - `mail-queued`: the write queued mail in the outbox.
 */
export type DataChange =
  | { kind: 'race'; raceId: string; runnerIds: readonly string[] }
  | { kind: 'registration'; raceId: string; runnerId: string }
  /** Mail was written to the outbox: the mail worker can send it now instead of at its next poll. */
  | { kind: 'mail-queued' };

export type ChangeListener = (change: DataChange) => void;

/**
 * In-process news of this server's committed writes (published by the unit of work, lib/unit-of-work.ts), for
 * the read caches that must follow them at once. Writes by other server processes reach those caches through
 * their short maximum ages instead.
 */
export function createChangeFeed() {
  const listeners: ChangeListener[] = [];
  return {
    publish(changes: readonly DataChange[]): void {
      for (const change of changes) for (const listener of listeners) listener(change);
    },
    subscribe(listener: ChangeListener): void {
      listeners.push(listener);
    },
  };
}

export type ChangeFeed = ReturnType<typeof createChangeFeed>;
