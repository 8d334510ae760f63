import { useEffect } from 'react';

/** Sets the tab title of a screen (SPEC.md gives each screen its title). */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
