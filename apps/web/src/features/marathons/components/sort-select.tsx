import type { MarathonSort } from '@stride/shared';
import { useId } from 'react';
import { MARATHON_LIST_MESSAGES } from '../list-messages';
import { SORT_OPTIONS } from '../paging';

/** The labelled sort dropdown of the All Marathons list (SPEC.md §2): 'Newest First' or 'Oldest First'. */
export function SortSelect({
  value,
  onChange,
}: {
  value: MarathonSort;
  onChange: (sort: MarathonSort) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm font-medium whitespace-nowrap">
        {MARATHON_LIST_MESSAGES.sortLabel}
      </label>
      <select
        id={id}
        className="select select-sm w-40"
        value={value}
        onChange={(event) => onChange(event.target.value as MarathonSort)}
      >
        {SORT_OPTIONS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
