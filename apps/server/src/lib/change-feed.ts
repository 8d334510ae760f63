/**
 * In-process news of writes, for the read caches that must follow this server's own writes at once.
 * (Writes by other server processes reach those caches through their short maximum ages instead.)
 */
export function createChangeFeed() {
  const raceListeners: Array<() => void> = [];
  const registrationListeners: Array<(runnerId: string) => void> = [];
  return {
    /** A race was created, changed or deleted (its registrations may have gone with it). */
    racesChanged(): void {
      for (const listener of raceListeners) listener();
    },
    onRacesChanged(listener: () => void): void {
      raceListeners.push(listener);
    },
    /** A runner's registration was added, changed or withdrawn (a race's count may have moved). */
    registrationsChanged(runnerId: string): void {
      for (const listener of registrationListeners) listener(runnerId);
    },
    onRegistrationsChanged(listener: (runnerId: string) => void): void {
      registrationListeners.push(listener);
    },
  };
}

export type ChangeFeed = ReturnType<typeof createChangeFeed>;
