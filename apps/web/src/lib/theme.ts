import { useCallback, useSyncExternalStore } from 'react';
import { THEME_STORAGE_KEY, type Theme } from '@stride/shared/theme';

/** A stored choice wins; otherwise the system's preference. */
export function resolveTheme(stored: string | null, systemPrefersDark: boolean): Theme {
  if (stored === 'dark' || stored === 'light') return stored;
  return systemPrefersDark ? 'dark' : 'light';
}

const listeners = new Set<() => void>();

function readTheme(): Theme {
  return document.documentElement.getAttribute('data-theme') === 'dark' ? 'dark' : 'light';
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The theme on <html data-theme> (set before paint by public/theme-init.js) and a setter that saves it. */
export function useTheme() {
  const theme = useSyncExternalStore(subscribe, readTheme, () => 'light' as Theme);
  const setTheme = useCallback((next: Theme) => {
    document.documentElement.setAttribute('data-theme', next);
    try {
      localStorage.setItem(THEME_STORAGE_KEY, next);
    } catch {
      // storage blocked: the choice lasts for this page only
    }
    listeners.forEach((listener) => listener());
  }, []);
  return { theme, setTheme };
}
