import { type RefObject, useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * After a navigation inside the app (not the first load, nor a change of the query alone: a filter or a page),
 * the focus goes to the new page's main heading, as a full page load would start there, and screen readers
 * announce it. A page that focuses a control of its own as it opens (a form's first field) keeps that.
 */
export function useFocusHeadingOnNavigation(main: RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();
  const isFirstLoad = useRef(true);
  useEffect(() => {
    if (isFirstLoad.current) {
      isFirstLoad.current = false;
      return;
    }
    if (main.current?.contains(document.activeElement) && document.activeElement !== main.current) return;
    const heading = main.current?.querySelector('h1');
    if (!heading) return;
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
    heading.focus();
  }, [pathname, main]);
}
