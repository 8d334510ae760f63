import type { ReactNode } from 'react';
import { useLocation, useNavigation } from 'react-router';
import { Pagination } from '../../../components/ui/pagination';
import { dimmedWhile } from '../../../components/ui/updating';
import { pageRange } from '../../../lib/paging';
import { useDocumentTitle } from '../../../lib/use-document-title';
import type { MarathonPage } from '../api/marathons-api';
import { MARATHON_LIST_MESSAGES } from '../list-messages';
import { MarathonResults, MarathonsLoadFailed } from './marathon-list-states';

/** Both list screens have the tab title 'Marathons' (docs/SPEC.md §2). */
const LIST_TITLE = 'Marathons';

type ListFrameProps = {
  heading: string;
  description: string;
  toolbar?: ReactNode;
  filters?: ReactNode;
  children: ReactNode;
};

function ListFrame({ heading, description, toolbar, filters, children }: ListFrameProps) {
  useDocumentTitle(LIST_TITLE);
  return (
    <section className="mx-auto max-w-7xl px-4 py-10">
      <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">{heading}</h1>
          <p className="text-base-content/75 mt-2">{description}</p>
        </div>
        {toolbar}
      </div>
      {filters}
      {children}
    </section>
  );
}

type MarathonListPageProps = {
  heading: string;
  description: string;
  /** Controls beside the heading, e.g. the sort dropdown. */
  toolbar?: ReactNode;
  /** The search and filters, between the heading and the list. */
  filters?: ReactNode;
  result: MarathonPage;
  emptyText: string;
  /** A control beside the empty text when nothing matches, e.g. 'Clear filters'. */
  emptyAction?: ReactNode;
};

/**
 * A paged list screen: heading, its filters if any, a count, the card grid (dimmed while the next page or
 * sort loads) and the pager. The page's data comes from the route loader, so the URL alone decides what is
 * shown.
 */
export function MarathonListPage({
  heading,
  description,
  toolbar,
  filters,
  result,
  emptyText,
  emptyAction,
}: MarathonListPageProps) {
  const navigation = useNavigation();
  const location = useLocation();
  const isUpdating = navigation.state === 'loading' && navigation.location.pathname === location.pathname;
  const { items, total, page, limit } = result;
  const { from, to } = pageRange(page, limit, total);

  return (
    <ListFrame heading={heading} description={description} toolbar={toolbar} filters={filters}>
      {total > 0 && (
        <h2 className="text-base-content/75 mb-4 text-sm font-normal">
          {MARATHON_LIST_MESSAGES.showing(from, to, total)}
        </h2>
      )}
      <div aria-busy={isUpdating} className={dimmedWhile(isUpdating)}>
        <MarathonResults
          marathons={items}
          emptyText={total > 0 ? MARATHON_LIST_MESSAGES.pageOutOfRange : emptyText}
          emptyAction={total > 0 ? undefined : emptyAction}
          eagerCount={4}
        />
      </div>
      <Pagination page={page} total={total} limit={limit} label={`${heading} pages`} />
    </ListFrame>
  );
}

/** A list screen's error boundary: its heading and the friendly failure message instead of a blank page. */
export function MarathonListError({ heading, description }: { heading: string; description: string }) {
  return (
    <ListFrame heading={heading} description={description}>
      <MarathonsLoadFailed />
    </ListFrame>
  );
}
