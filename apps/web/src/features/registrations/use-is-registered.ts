import { useEffect, useState } from 'react';
import { getMyRegistrations } from './api/registrations-api';

/**
 * Whether the signed-in runner has registered for a marathon: undefined while their registrations load. If
 * they cannot be loaded it says false, and the server still refuses a second registration.
 */
export function useIsRegistered(marathonId: string, email: string | undefined): boolean | undefined {
  const [answer, setAnswer] = useState<{ key: string; isRegistered: boolean } | null>(null);
  const key = `${email ?? ''} ${marathonId}`;
  useEffect(() => {
    if (!email) return;
    const controller = new AbortController();
    getMyRegistrations(email, controller.signal).then(
      (registrations) =>
        setAnswer({ key, isRegistered: registrations.some((item) => item.marathonId === marathonId) }),
      () => {
        if (!controller.signal.aborted) setAnswer({ key, isRegistered: false });
      },
    );
    return () => controller.abort();
  }, [key, email, marathonId]);
  return answer?.key === key ? answer.isRegistered : undefined;
}
