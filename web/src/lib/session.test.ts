import { afterEach, describe, expect, it, vi } from 'vitest';

import { getCookie, removeCookie, setCookie } from '@/lib/cookies';
import { clearSession, endRejectedSession, getSession, isAuthenticated, markBanned, saveUser, startSession } from '@/lib/session';
import type { SessionUser } from '@/types/session';

const user: SessionUser = { id: 7, username: 'mgmg', phone_number: '09123456789', wallet_amount: 5000, is_admin: false, is_banned: false };

function spyCookieWrites() {
  const writes: string[] = [];
  const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
  vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
    writes.push(value);
    descriptor?.set?.call(document, value);
  });
  return writes;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('cookies and session', () => {
  it('writes token and user for 7 days, site-wide, SameSite=Lax, not Secure on http', () => {
    vi.useFakeTimers({ now: new Date('2025-08-17T00:00:00Z') });
    const writes = spyCookieWrites();
    startSession('tok', user);
    expect(writes).toHaveLength(2);
    for (const write of writes) {
      expect(write).toContain('expires=Sun, 24 Aug 2025 00:00:00 GMT');
      expect(write).toContain('max-age=604800');
      expect(write).toContain('path=/');
      expect(write).toContain('SameSite=Lax');
      expect(write).not.toContain('Secure');
    }
    expect(getCookie('token')).toBe('tok');
    expect(JSON.parse(getCookie('user') ?? '')).toMatchObject({ id: 7, username: 'mgmg', wallet_amount: 5000 });
    expect(isAuthenticated()).toBe(true);
  });

  it('marks cookies Secure on https', () => {
    const writes = spyCookieWrites();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, protocol: 'https:' });
    setCookie('x', 'y', { days: 1 });
    removeCookie('x');
    expect(writes[0]).toContain('; Secure');
    expect(writes[1]).toContain('; Secure');
  });

  it('keeps a stable snapshot until a cookie changes, and notifies on change', () => {
    startSession('tok', user);
    const first = getSession();
    expect(getSession()).toBe(first);
    saveUser({ ...user, wallet_amount: 9000 });
    const second = getSession();
    expect(second).not.toBe(first);
    expect(second.user?.wallet_amount).toBe(9000);
  });

  it('treats a malformed user cookie as signed out', () => {
    document.cookie = 'token=tok; path=/';
    document.cookie = 'user=%7Bnot-json; path=/';
    expect(getSession().user).toBeNull();
    expect(isAuthenticated()).toBe(false);
  });

  it('clears both cookies on logout and ignores user saves afterwards', () => {
    startSession('tok', user);
    clearSession();
    expect(getCookie('token')).toBeUndefined();
    expect(getCookie('user')).toBeUndefined();
    saveUser(user);
    expect(getCookie('user')).toBeUndefined();
  });

  it('marks the stored user banned with the reason', () => {
    startSession('tok', user);
    markBanned('Chargeback fraud');
    expect(getSession().user).toMatchObject({ is_banned: true, ban_reason: 'Chargeback fraud' });
  });

  it('ends a session whose token the server refuses', () => {
    startSession('tok', user);
    endRejectedSession();
    expect(isAuthenticated()).toBe(false);
  });

  it('keeps a banned user on the banned page when the ban has ended their token', () => {
    // A ban revokes every session, so the next call with the old token is a 401;
    // the banned page must still show the reason until the user signs out there.
    startSession('tok', user);
    markBanned('Chargeback fraud');
    endRejectedSession();
    expect(isAuthenticated()).toBe(true);
    expect(getSession().user).toMatchObject({ is_banned: true, ban_reason: 'Chargeback fraud' });
  });
});
