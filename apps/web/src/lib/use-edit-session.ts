import { useMemo, useRef } from 'react';

/**
 * Tells the first change of an edit from the ones that go on with it, for screens whose state lives in the
 * URL: the first change adds a history entry and the later ones replace it (each pause in typing a search,
 * each digit of a date's year), so Back returns to before the edit instead of stepping through it. An edit
 * begins when its control gains focus.
 */
export function useEditSession() {
  const hasChanged = useRef(false);
  return useMemo(
    () => ({
      /** For the control's onFocus. */
      begin: () => {
        hasChanged.current = false;
      },
      /** Records a change; true when an earlier change of the same edit came before it. */
      isContinuing: () => {
        const isContinuing = hasChanged.current;
        hasChanged.current = true;
        return isContinuing;
      },
    }),
    [],
  );
}
