import { useEffect } from 'react';
import useSWR from 'swr';

import { getUser, userKey } from '@/features/auth/api/auth';
import { useSession } from '@/hooks/use-session';
import { isApiError } from '@/lib/api-client';
import { endRejectedSession, saveUser } from '@/lib/session';
import type { SessionUser } from '@/types/session';

/** The signed-in user from the `user` cookie (kept fresh by useUserRefresh and realtime). */
export function useCurrentUser(): SessionUser | null {
  const { authenticated, user } = useSession();
  return authenticated ? user : null;
}

/**
 * docs/spec.md §3: refreshes the stored user from GET /api/user/{id} on load. Mount once.
 * Skipped without a token or user id; a failure is only logged, except a 401
 * (the token was revoked: the session is over).
 */
export function useUserRefresh() {
  const { authenticated, user } = useSession();
  const id = authenticated ? user?.id : undefined;
  const { data, error } = useSWR<SessionUser, unknown>(id === undefined ? null : userKey(id), () => getUser(id as number), {
    revalidateIfStale: true,
    shouldRetryOnError: false,
  });
  useEffect(() => {
    if (data) saveUser(data);
  }, [data]);
  useEffect(() => {
    if (!error) return;
    if (isApiError(error) && error.status === 401) endRejectedSession();
    else console.warn('Could not refresh the user', error);
  }, [error]);
}
