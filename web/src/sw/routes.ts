// Which answers the service worker keeps, and how (web/README.md#the-service-worker).
// Everything not named here goes to the network untouched: the SW does not
// call respondWith for it, so the browser handles it as if there were no SW.

/** The public catalogue under /api: the same bytes for every visitor (api/catalogue_cache.go). */
const CATALOGUE = [/^\/api\/games$/, /^\/api\/services$/, /^\/api\/products(\/\d+)?$/, /^\/api\/banner$/, /^\/api\/config$/];

/**
 * What the worker does with a request:
 * - 'shell': a page load; the network first, the cached app shell when offline.
 * - 'asset': a built file (hashed, never changes) or a precached one: the cache first.
 * - 'catalogue': stale-while-revalidate, the app told when the answer changed.
 * - 'image': the catalogue's artwork under /media/: stale-while-revalidate, bounded.
 * - null: not ours. Wallet, user, orders, top-ups, account, messages,
 *   broadcasting auth, payment methods (where money is sent) and every
 *   non-GET carry money or secrets: they are never cached.
 */
export type Strategy = 'shell' | 'asset' | 'catalogue' | 'image' | null;

export function strategyFor(request: { method: string; url: string; mode: string }, origin: string): Strategy {
  if (request.method !== 'GET') return null;
  const url = new URL(request.url);
  if (url.origin !== origin) return null;
  if (request.mode === 'navigate') return isAppPage(url.pathname) ? 'shell' : null;
  if (url.pathname.startsWith('/assets/') || url.pathname.startsWith('/icons/')) return 'asset';
  if (CATALOGUE.some((re) => re.test(url.pathname))) return 'catalogue';
  if (url.pathname.startsWith('/media/')) return 'image';
  return null;
}

/** Page loads the app answers; the server's own files (API, sitemap, the Pusher socket) are not pages. */
function isAppPage(pathname: string): boolean {
  return !/^\/(api|apps?|broadcasting|media|healthz|readyz)(\/|$)/.test(pathname) && !/\.(txt|xml|js|webmanifest)$/.test(pathname);
}

/** The SWR key (lib/api-client paths are relative to /api) of a catalogue URL, for the app to refetch. */
export function catalogueKey(url: string): string {
  const { pathname, search } = new URL(url);
  return pathname.replace(/^\/api/, '') + search;
}
