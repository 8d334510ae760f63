import { useState } from 'react';

/**
 * A control's value that shows a change at once while the URL catches up. A checkbox or date field controlled
 * by the URL would spring back until the navigation commits: React Router renders it in a transition, after
 * the route's loader has answered. It follows `value` whenever that changes (Back, a link, the answer).
 */
export function useShownValue<T>(value: T): [T, (next: T) => void] {
  const [shown, setShown] = useState(value);
  const [followed, setFollowed] = useState(value);
  if (!Object.is(followed, value)) {
    setFollowed(value);
    setShown(value);
  }
  return [shown, setShown];
}
