/** Returns the decoded value of a cookie, or undefined when it is not set. */
export function getCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const prefix = `${name}=`;
  for (const part of document.cookie.split(';')) {
    const item = part.trim();
    if (!item.startsWith(prefix)) continue;
    const raw = item.slice(prefix.length);
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return undefined;
}

export interface CookieOptions {
  /** Lifetime in days; omitted means a session cookie. */
  days?: number;
}

/** The attributes every cookie of ours carries: whole site, Lax, Secure on HTTPS. */
function attributes(): string {
  const secure = typeof window !== 'undefined' && window.location.protocol === 'https:';
  return `; path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** Sets a cookie (URI-encoded value) for the whole site; Secure on HTTPS, SameSite=Lax. */
export function setCookie(name: string, value: string, options: CookieOptions = {}) {
  let expires = '';
  if (options.days !== undefined) {
    const date = new Date(Date.now() + options.days * 24 * 60 * 60 * 1000);
    expires = `; expires=${date.toUTCString()}; max-age=${Math.round(options.days * 24 * 60 * 60)}`;
  }
  document.cookie = `${name}=${encodeURIComponent(value)}${expires}${attributes()}`;
}

/** Deletes a cookie set by setCookie. */
export function removeCookie(name: string) {
  document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; max-age=0${attributes()}`;
}
