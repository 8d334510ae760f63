import { useEffect, useState } from 'react';

type AuthOptions = { google: boolean };

let cached: Promise<AuthOptions> | null = null;

/** Which sign-in methods this server offers (GET /api/auth-options), fetched once per page load. */
export function loadAuthOptions(): Promise<AuthOptions> {
  cached ??= fetch('/api/auth-options')
    .then((response) => (response.ok ? (response.json() as Promise<AuthOptions>) : { google: false }))
    .catch(() => ({ google: false }));
  return cached;
}

/** The options once known (null until then), for what the screen shows. */
export function useAuthOptions(): AuthOptions | null {
  const [options, setOptions] = useState<AuthOptions | null>(null);
  useEffect(() => {
    let active = true;
    void loadAuthOptions().then((value) => active && setOptions(value));
    return () => {
      active = false;
    };
  }, []);
  return options;
}
