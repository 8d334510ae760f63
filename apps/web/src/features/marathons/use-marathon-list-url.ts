import type { MarathonSearchSort } from '@stride/shared/constants';
import { useEffect, useMemo, useRef } from 'react';
import { useLocation, useNavigate, useNavigation } from 'react-router';
import {
  readMarathonListView,
  withFilters,
  withoutFilters,
  withSort,
  type MarathonFilters,
} from './search-params';

/**
 * How a change came about: `isRefinement` when it goes on with the edit of the previous one (see
 * useEditSession).
 */
export type FilterEdit = { isRefinement: boolean };

/**
 * The All Marathons view as the URL holds it, and the ways to change it. The URL is the only state: every
 * change navigates, and the route's loader reads the list for the new URL (cancelling a load still under
 * way). While the next view loads, `view` is already that view, so the controls show what was asked for.
 * History: a change adds an entry, except one that refines the previous change of the same edit (typing on in
 * the search box, the digits of a date), which replaces it; Back then returns to the list before that edit.
 */
export function useMarathonListUrl() {
  const location = useLocation();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const search =
    navigation.location?.pathname === location.pathname ? navigation.location.search : location.search;
  // The URL last asked for, so that changes quicker than a render (a chip pressed while a search is still
  // waiting for its pause in typing) build on each other instead of undoing one another.
  const requested = useRef(search);
  useEffect(() => {
    requested.current = search;
  }, [search]);

  const view = useMemo(() => readMarathonListView(new URLSearchParams(search)), [search]);

  return useMemo(() => {
    const current = () => new URLSearchParams(requested.current);
    const show = (next: URLSearchParams, { isRefinement }: FilterEdit) => {
      const query = next.toString();
      requested.current = query ? `?${query}` : '';
      void navigate({ search: requested.current }, { replace: isRefinement, preventScrollReset: true });
    };
    return {
      view,
      /** Applies `update` to the filters last asked for; the list starts again on its first page. */
      changeFilters: (update: (filters: MarathonFilters) => MarathonFilters, edit: FilterEdit) => {
        const params = current();
        show(withFilters(params, update(readMarathonListView(params).filters)), edit);
      },
      changeSort: (sort: MarathonSearchSort) => show(withSort(current(), sort), { isRefinement: false }),
      clearFilters: () => show(withoutFilters(current()), { isRefinement: false }),
    };
  }, [view, navigate]);
}
