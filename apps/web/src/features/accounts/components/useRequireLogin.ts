import { useEffect } from 'react';
import { useSession } from '../../../shared/session/store.ts';
import { promptLogin } from '../../../shared/ui/feedback.ts';

/** A screen for signed-in shoppers: a guest gets the login prompt (and comes back here after login). */
export function useRequireLogin(): boolean {
  const { token, thirdId } = useSession();
  useEffect(() => {
    if (!token) void promptLogin(thirdId);
  }, [token, thirdId]);
  return Boolean(token);
}
