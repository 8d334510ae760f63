import { useEffect } from 'react';

/** Sets the tab title of a screen (docs/SPEC.md gives each screen its title). */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
