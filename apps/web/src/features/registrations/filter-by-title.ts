/** True when the search box holds something to search for (spaces alone do not count). */
export function isSearching(query: string): boolean {
  return query.trim() !== '';
}

/** SPEC.md §5: registrations whose marathon title contains the query, ignoring case; all of them for no query. */
export function filterByMarathonTitle<T extends { marathonTitle: string }>(
  registrations: readonly T[],
  query: string,
): T[] {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) return [...registrations];
  return registrations.filter((registration) =>
    registration.marathonTitle.toLocaleLowerCase().includes(needle),
  );
}
