import { getCookie } from '@/lib/cookies';
import type { User } from '@/types/api';

// SPEC §3 Session: cookies named `token` and `user` (JSON), 7 days.
export const TOKEN_COOKIE = 'token';
export const USER_COOKIE = 'user';

/** The bearer token from the `token` cookie, if any. */
export function getToken(): string | undefined {
  const token = getCookie(TOKEN_COOKIE);
  return token ? token : undefined;
}

/** The user record saved in the `user` cookie at login, or null when absent or unreadable. */
export function getStoredUser(): User | null {
  const raw = getCookie(USER_COOKIE);
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value === 'object' && value !== null && 'id' in value) return value as User;
  } catch {
    // A malformed cookie means "not signed in", never a crash.
  }
  return null;
}
