import { useSyncExternalStore } from 'react';

import { getSession, isAuthenticated, subscribeSession, type Session } from '@/lib/session';

/** The session from the cookies, re-rendering when it changes (login, refresh, realtime, logout). */
export function useSession(): Session & { authenticated: boolean } {
  const session = useSyncExternalStore(subscribeSession, getSession, getSession);
  return { ...session, authenticated: isAuthenticated(session) };
}
