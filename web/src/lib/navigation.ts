import { paths } from '@/config/paths';

/** A full-page navigation (docs/spec.md §4: after login the page reloads at its destination). */
export function hardRedirect(path: string) {
  window.location.assign(path);
}

/** Scrolls to the element with `id` once it is rendered (lazy pages), else by one screen. */
export function scrollToSection(id: string, attempts = 20) {
  const element = document.getElementById(id);
  if (element) {
    element.scrollIntoView({ behavior: 'smooth', block: 'start' });
    return;
  }
  if (attempts <= 0) {
    window.scrollTo({ top: window.innerHeight * 0.75, behavior: 'smooth' });
    return;
  }
  window.setTimeout(() => scrollToSection(id, attempts - 1), 50);
}

export function scrollToTop() {
  window.scrollTo({ top: 0, behavior: 'smooth' });
}

const SITE = 'https://site.invalid';

/**
 * Only a path of this site: `?return=` and `?next=` must not send the
 * customer elsewhere. Read as the browser will (it drops tabs and newlines
 * and takes a backslash for a slash, so "/\t/evil.example" is
 * "//evil.example"), and kept only when it stays on the site.
 */
export function localPath(value: string | null | undefined): string | undefined {
  if (!value?.startsWith('/')) return undefined;
  let url: URL;
  try {
    url = new URL(value, SITE);
  } catch {
    return undefined;
  }
  return url.origin === SITE ? url.pathname + url.search + url.hash : undefined;
}

/**
 * The login page that comes back to `next` once signed in (or registered):
 * with guest browsing a visitor asked to sign in at "Confirm order" or "Top up"
 * returns to the order or top-up they were on.
 */
export function loginPath(next: string | undefined, to: string = paths.login): string {
  const back = localPath(next);
  return back ? `${to}?next=${encodeURIComponent(back)}` : to;
}
