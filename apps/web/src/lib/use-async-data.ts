import { useCallback, useEffect, useEffectEvent, useState } from 'react';

export type AsyncData<T> =
  { status: 'loading' } | { status: 'error'; error: unknown } | { status: 'success'; data: T };

/**
 * Loads data for `key` (e.g. the signed-in user's email) and again whenever the key changes or `reload()` is
 * called; a load still running is aborted. While a reload runs, the last data stays on screen. `update()`
 * changes the loaded data in place (after a successful edit or delete).
 */
export function useAsyncData<T>(key: string | null | undefined, load: (signal: AbortSignal) => Promise<T>) {
  const [state, setState] = useState<AsyncData<T>>({ status: 'loading' });
  const [generation, setGeneration] = useState(0);
  const runLoad = useEffectEvent((signal: AbortSignal) => load(signal));

  useEffect(() => {
    if (!key) return;
    const controller = new AbortController();
    runLoad(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ status: 'success', data });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'error', error });
      },
    );
    return () => controller.abort();
  }, [key, generation]);

  const reload = useCallback(() => setGeneration((count) => count + 1), []);
  const update = useCallback(
    (change: (data: T) => T) =>
      setState((current) =>
        current.status === 'success' ? { status: 'success', data: change(current.data) } : current,
      ),
    [],
  );
  return { state, reload, update };
}
