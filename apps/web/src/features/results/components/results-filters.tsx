import { GENDERS, RESULT_STATUSES, type Gender, type ResultStatus } from '@stride/shared';
import { FilterSelect } from '../../../components/ui/filter-select';
import { SearchBox } from '../../../components/ui/search-box';
import { RESULTS_PAGE_MESSAGES as M } from '../results-messages';
import { withFilters, withQuery, type ResultsView } from '../results-view';

const F = M.filters;

/** The longest search the box takes (`resultsQuerySchema`'s `q`). */
const SEARCH_MAX = 100;

/**
 * The search by name or bib (as the visitor types, after a pause), then the filters by gender, age group (the
 * race's own, when it has any) and status; each change starts from the first page and goes into the URL
 * (`onChange`). `isRefinement`: the search box's typing goes on with the same edit.
 */
export function ResultsFilters({
  view,
  ageGroups,
  onChange,
}: {
  view: ResultsView;
  ageGroups: readonly string[];
  onChange: (next: ResultsView, edit: { isRefinement: boolean }) => void;
}) {
  const once = { isRefinement: false };
  return (
    <div className="space-y-2">
      <SearchBox
        value={view.q}
        label={F.search}
        placeholder={F.searchPlaceholder}
        maxLength={SEARCH_MAX}
        className="w-full sm:max-w-sm"
        onSearch={(q, edit) => onChange(withQuery(view, q), edit)}
      />
      <div className="grid max-w-xl grid-cols-2 gap-x-4 sm:grid-cols-3">
        <FilterSelect
          allLabel={F.all}
          className="min-w-0"
          label={F.gender}
          value={view.gender}
          choices={GENDERS.map((gender) => ({ value: gender, label: M.genders[gender] }))}
          onChange={(gender) => onChange(withFilters(view, { gender: gender as Gender | null }), once)}
        />
        {(ageGroups.length > 0 || view.ageGroup) && (
          <FilterSelect
            allLabel={F.all}
            className="min-w-0"
            label={F.ageGroup}
            value={view.ageGroup}
            // A group the URL names that the race no longer has stays a choice, so the select shows it.
            choices={[...new Set([...ageGroups, ...(view.ageGroup ? [view.ageGroup] : [])])].map((group) => ({
              value: group,
              label: group,
            }))}
            onChange={(ageGroup) => onChange(withFilters(view, { ageGroup }), once)}
          />
        )}
        <FilterSelect
          allLabel={F.all}
          className="min-w-0"
          label={F.status}
          value={view.status}
          choices={RESULT_STATUSES.map((status) => ({ value: status, label: M.statuses[status] }))}
          onChange={(status) => onChange(withFilters(view, { status: status as ResultStatus | null }), once)}
        />
      </div>
    </div>
  );
}
