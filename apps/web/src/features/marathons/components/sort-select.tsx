import type { MarathonSearchSort } from '@stride/shared';
import { useId } from 'react';
import { MARATHON_LIST_MESSAGES } from '../list-messages';
import { RELEVANCE_SORT_OPTION, SORT_OPTIONS } from '../sort-options';

/**
 * The labelled sort dropdown of the All Marathons list (docs/SPEC.md §2): 'Newest First' or 'Oldest First', and
 * 'Relevance' first while there is a search to rank by (ADR 019).
 */
export function SortSelect({
  value,
  canSortByRelevance,
  onChange,
}: {
  value: MarathonSearchSort;
  canSortByRelevance: boolean;
  onChange: (sort: MarathonSearchSort) => void;
}) {
  const id = useId();
  const options = canSortByRelevance ? [RELEVANCE_SORT_OPTION, ...SORT_OPTIONS] : SORT_OPTIONS;
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm font-medium whitespace-nowrap">
        {MARATHON_LIST_MESSAGES.sortLabel}
      </label>
      <select
        id={id}
        className="select select-sm w-40"
        value={value}
        onChange={(event) => onChange(event.target.value as MarathonSearchSort)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
