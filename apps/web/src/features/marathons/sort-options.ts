import type { MarathonSearchSort, MarathonSort } from '@stride/shared/constants';

/** The list's sort options (docs/SPEC.md §2, §9): value and label, the default first. */
export const SORT_OPTIONS = [
  { value: 'newest', label: 'Newest First' },
  { value: 'oldest', label: 'Oldest First' },
] as const satisfies ReadonlyArray<{ value: MarathonSort; label: string }>;

/** The order a search offers first, and falls back to: best match first. */
export const RELEVANCE_SORT_OPTION = { value: 'relevance', label: 'Relevance' } as const satisfies {
  value: MarathonSearchSort;
  label: string;
};

export const DEFAULT_SORT: MarathonSort = 'newest';

/** The `?sort=` of a list URL: 'oldest' or, for anything else, the default 'newest'. */
export function readSortParam(value: string | null): MarathonSort {
  return SORT_OPTIONS.some((option) => option.value === value) ? (value as MarathonSort) : DEFAULT_SORT;
}
