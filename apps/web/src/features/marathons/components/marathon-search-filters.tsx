import { MARATHON_SEARCH_LIMITS } from '@stride/shared/constants';
import { useId, type RefObject } from 'react';
import { SearchBox } from '../../../components/ui/search-box';
import { useEditSession } from '../../../lib/use-edit-session';
import { useShownValue } from '../../../lib/use-shown-value';
import { DISTANCE_CHOICES } from '../distance-choices';
import { MARATHON_LIST_MESSAGES } from '../list-messages';
import { readSearchText, toggleDistance, type MarathonFilters } from '../search-params';
import type { FilterEdit } from '../use-marathon-list-url';

const S = MARATHON_LIST_MESSAGES.search;
const AT_ONCE: FilterEdit = { isRefinement: false };

type MarathonSearchFiltersProps = {
  filters: MarathonFilters;
  /** What the live region says: how many races the filters found, or why the server refused them. */
  announcement: string;
  searchRef: RefObject<HTMLInputElement | null>;
  onChange: (update: (filters: MarathonFilters) => MarathonFilters, edit: FilterEdit) => void;
};

/**
 * The search box and filters above All Marathons (ADR 019): the search runs after a pause in typing, the
 * distance chips, dates and checkbox at once. A screen reader hears how many races were found.
 */
export function MarathonSearchFilters({
  filters,
  announcement,
  searchRef,
  onChange,
}: MarathonSearchFiltersProps) {
  const dateEdit = useEditSession();
  const [isOpenOnly, showOpenOnly] = useShownValue(filters.isOpenOnly);
  const changeDate = (day: Partial<Pick<MarathonFilters, 'from' | 'to'>>) =>
    onChange((current) => ({ ...current, ...day }), { isRefinement: dateEdit.isContinuing() });

  return (
    <div className="mb-6 flex flex-wrap items-end gap-x-6 gap-y-4">
      <SearchBox
        className="w-full lg:max-w-sm"
        inputRef={searchRef}
        value={filters.q}
        label={S.label}
        placeholder={S.placeholder}
        maxLength={MARATHON_SEARCH_LIMITS.maxLength}
        onSearch={(text, edit) => onChange((current) => ({ ...current, q: readSearchText(text) }), edit)}
      />
      <fieldset className="min-w-0">
        <legend className="mb-1 text-sm font-medium">{S.distanceLegend}</legend>
        <div className="flex flex-wrap gap-2">
          {DISTANCE_CHOICES.map(({ value: distance, label }) => {
            const isPressed = filters.distances.includes(distance);
            return (
              <button
                key={distance}
                type="button"
                aria-pressed={isPressed}
                className={`btn min-w-14 ${isPressed ? 'btn-primary' : 'btn-outline'}`}
                onClick={() =>
                  onChange(
                    (current) => ({ ...current, distances: toggleDistance(current.distances, distance) }),
                    AT_ONCE,
                  )
                }
              >
                {label}
              </button>
            );
          })}
        </div>
      </fieldset>
      <div className="grid w-full grid-cols-2 gap-3 sm:w-auto">
        {/* Each end bounds the other, so the picker cannot make a range the server would refuse. */}
        <DayField
          label={S.fromLabel}
          value={filters.from}
          max={filters.to}
          onFocus={dateEdit.begin}
          onChange={(from) => changeDate({ from })}
        />
        <DayField
          label={S.toLabel}
          value={filters.to}
          min={filters.from}
          onFocus={dateEdit.begin}
          onChange={(to) => changeDate({ to })}
        />
      </div>
      <label className="flex min-h-10 cursor-pointer items-center gap-2 text-sm font-medium">
        <input
          type="checkbox"
          className="checkbox"
          checked={isOpenOnly}
          onChange={(event) => {
            const isOpenOnly = event.target.checked;
            showOpenOnly(isOpenOnly);
            onChange((current) => ({ ...current, isOpenOnly }), AT_ONCE);
          }}
        />
        {S.openLabel}
      </label>
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}

type DayFieldProps = {
  label: string;
  /** YYYY-MM-DD, or '' for none. */
  value: string;
  min?: string;
  max?: string;
  onFocus: () => void;
  onChange: (day: string) => void;
};

function DayField({ label, value, min, max, onFocus, onChange }: DayFieldProps) {
  const id = useId();
  const [shown, show] = useShownValue(value);
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        type="date"
        className="input w-full"
        value={shown}
        min={min || undefined}
        max={max || undefined}
        onFocus={onFocus}
        onChange={(event) => {
          show(event.target.value);
          onChange(event.target.value);
        }}
      />
    </div>
  );
}
