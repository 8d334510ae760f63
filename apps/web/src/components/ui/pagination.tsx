import { Link, useSearchParams } from 'react-router';
import { countPages, pageWindow, withPage } from '../../lib/paging';

type PaginationProps = {
  /** The page shown (1-based). */
  page: number;
  /** How many items the whole list has (the API's X-Total-Count). */
  total: number;
  /** Items per page. */
  limit: number;
  /** Names the navigation landmark, e.g. 'All Marathons pages'. */
  label: string;
};

const itemClass = 'join-item btn btn-sm sm:btn-md min-w-10';

/**
 * Links to the other pages of a list. The page lives in the URL (`?page=`, left out for page 1) beside the
 * other query parameters (e.g. `sort`), so reload, back and forward keep it. Nothing shows for a single page.
 */
export function Pagination({ page, total, limit, label }: PaginationProps) {
  const [searchParams] = useSearchParams();
  const last = countPages(total, limit);
  if (last <= 1 && page <= 1) return null;

  const searchFor = (target: number) => withPage(searchParams, target);

  const step = (target: number, name: string, rel: 'prev' | 'next', text: string, isDisabled: boolean) =>
    isDisabled ? (
      <span className={`${itemClass} btn-disabled`} aria-hidden>
        {text}
      </span>
    ) : (
      <Link to={{ search: searchFor(target) }} className={itemClass} aria-label={name} rel={rel}>
        {text}
      </Link>
    );

  return (
    <nav aria-label={label} className="mt-10 flex justify-center">
      <ul className="join flex-wrap justify-center">
        <li>{step(Math.min(page - 1, last), 'Previous page', 'prev', '«', page <= 1)}</li>
        {pageWindow(Math.min(page, last), last).map((item, index) =>
          item === 'gap' ? (
            <li key={`gap-${index}`}>
              <span className={`${itemClass} btn-disabled`} aria-hidden>
                …
              </span>
            </li>
          ) : (
            <li key={item}>
              <Link
                to={{ search: searchFor(item) }}
                className={`${itemClass} ${item === page ? 'btn-primary' : ''}`}
                aria-label={`Page ${item}`}
                aria-current={item === page ? 'page' : undefined}
              >
                {item}
              </Link>
            </li>
          ),
        )}
        <li>{step(page + 1, 'Next page', 'next', '»', page >= last)}</li>
      </ul>
    </nav>
  );
}
