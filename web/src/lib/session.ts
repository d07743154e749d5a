import { getCookie, removeCookie, setCookie } from '@/lib/cookies';
import { forgetBalance, rememberBalance } from '@/lib/last-balance';
import type { SessionUser } from '@/types/session';

// docs/spec.md §3 Session: cookies named `token` and `user` (JSON), 7 days.
export const TOKEN_COOKIE = 'token';
export const USER_COOKIE = 'user';
export const SESSION_DAYS = 7;

/** The bearer token from the `token` cookie, if any. */
export function getToken(): string | undefined {
  const token = getCookie(TOKEN_COOKIE);
  return token ? token : undefined;
}

function parseUser(raw: string | undefined): SessionUser | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value === 'object' && value !== null && 'id' in value) return value as SessionUser;
  } catch {
    // A malformed cookie means "not signed in", never a crash.
  }
  return null;
}

/** The user record saved in the `user` cookie, or null when absent or unreadable. */
export function getStoredUser(): SessionUser | null {
  return parseUser(getCookie(USER_COOKIE));
}

export interface Session {
  token: string | undefined;
  user: SessionUser | null;
}

// A stable snapshot for useSyncExternalStore: re-parsed only when a cookie changes.
let snapshotKey: string | undefined;
let snapshot: Session = { token: undefined, user: null };
const listeners = new Set<() => void>();

/** The current session; the same object until the token or user cookie changes. */
export function getSession(): Session {
  const token = getToken();
  const rawUser = getCookie(USER_COOKIE);
  const key = `${token ?? ''}\u0000${rawUser ?? ''}`;
  if (key !== snapshotKey) {
    snapshotKey = key;
    snapshot = { token, user: parseUser(rawUser) };
  }
  return snapshot;
}

/** docs/spec.md §4: authenticated means a token and a user record exist. */
export function isAuthenticated(session: Session = getSession()): boolean {
  return Boolean(session.token && session.user);
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function notify() {
  for (const listener of listeners) listener();
}

/** Keeps only the fields docs/spec.md names, so the cookie stays small. */
function pickUser(user: SessionUser): SessionUser {
  const { id, username, phone_number, email, wallet_amount, is_admin, is_banned, ban_reason, locale, deletion_requested_at } = user;
  return {
    id,
    username,
    phone_number,
    email: email ?? null,
    wallet_amount,
    is_admin,
    is_banned,
    ban_reason: ban_reason ?? null,
    locale: locale ?? null,
    deletion_requested_at: deletion_requested_at ?? null,
  };
}

/**
 * Starts a session after login: both cookies for 7 days. With `quiet`, the
 * screens are not told (the login page shows its dialog, then reloads the
 * whole page, instead of the guest guard moving it away first).
 */
export function startSession(token: string, user: SessionUser, { quiet = false } = {}) {
  setCookie(TOKEN_COOKIE, token, { days: SESSION_DAYS });
  setCookie(USER_COOKIE, JSON.stringify(pickUser(user)), { days: SESSION_DAYS });
  rememberBalance(user.wallet_amount);
  if (!quiet) notify();
}

/** Replaces the stored user (refresh from the server, realtime user.updated). Ignored when signed out. */
export function saveUser(user: SessionUser, { quiet = false } = {}) {
  if (!getToken()) return;
  setCookie(USER_COOKIE, JSON.stringify(pickUser(user)), { days: SESSION_DAYS });
  rememberBalance(user.wallet_amount);
  if (!quiet) notify();
}

/** Marks the stored user banned after a 403 with ban_reason, so the guards send them to /banned. */
export function markBanned(reason: string | null | undefined) {
  const user = getStoredUser();
  if (!user || !getToken() || user.is_banned) return;
  saveUser({ ...user, is_banned: true, ban_reason: reason ?? user.ban_reason ?? null });
}

/**
 * The server refused this session's token (401): the session is over. A banned
 * user is the exception: the ban ended every session of theirs, yet the banned
 * page must go on showing the reason, until its own sign-out ends the session.
 */
export function endRejectedSession() {
  if (getStoredUser()?.is_banned) return;
  clearSession();
}

/** Ends the session: removes both cookies and the balance kept for offline use. */
export function clearSession() {
  removeCookie(TOKEN_COOKIE);
  removeCookie(USER_COOKIE);
  forgetBalance();
  notify();
}
