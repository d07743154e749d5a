/// <reference lib="webworker" />
// The service worker (web/README.md#the-service-worker): built by
// vite.config.ts into dist/sw.js, which the server sends with no-cache so a
// new build is found at once. Hand-written rather than Workbox: it needs four
// small strategies and a push handler, about the size of Workbox's runtime.

import { cacheNames, isGone, keepFresh, mayKeep, staleCaches } from './caches';
import { BADGE, ICON, notificationOptions, openTarget, parsePayload, targetOf } from './notifications';
import { catalogueKey, strategyFor } from './routes';

declare const self: ServiceWorkerGlobalScope;
/** The build's files to keep (the entry, its imports, styles, fonts, strings); vite.config.ts fills it in. */
declare const __PRECACHE__: string[];
/** Changes with every build that changes a file: names this build's caches. */
declare const __BUILD__: string;

const { shell: SHELL_CACHE, catalogue: CATALOGUE_CACHE, images: IMAGE_CACHE } = cacheNames(__BUILD__);
const IMAGE_LIMIT = 80;
/** The app's HTML without anyone's session (the server personalises a signed-in /home). */
const SHELL = '/index.html';
/** Catalogue answers fetched at install, so the store opens offline even if only the first page was ever seen. */
const WARM = ['/api/config', '/api/games', '/api/services', '/api/banner'];

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const shell = await caches.open(SHELL_CACHE);
      await shell.addAll([...__PRECACHE__, ...[ICON, BADGE]]);
      await shell.put(SHELL, await fetch('/', { credentials: 'omit' }));
      const catalogue = await caches.open(CATALOGUE_CACHE);
      const warm = async (path: string) => {
        const response = await fetch(path);
        if (mayKeep(response)) await catalogue.put(path, response);
      };
      await Promise.all(WARM.map((path) => warm(path).catch(() => undefined)));
      // The first install takes over at once; an update waits for the
      // customer's "reload" (lib/service-worker.ts), so a page never runs
      // against files of two builds.
      if (!self.registration.active) await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      // An older build's shell and catalogue go: this build reads only what it fetched itself.
      await Promise.all(staleCaches(await caches.keys(), __BUILD__).map((name) => caches.delete(name)));
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

self.addEventListener('fetch', (event) => {
  const strategy = strategyFor(event.request, self.location.origin);
  if (!strategy) return;
  if (strategy === 'shell') event.respondWith(shell(event.request));
  else if (strategy === 'asset') event.respondWith(cacheFirst(event.request));
  else event.respondWith(staleWhileRevalidate(event, strategy === 'catalogue' ? CATALOGUE_CACHE : IMAGE_CACHE));
});

/** Pages: the network (index.html is no-cache, and personal), the cached shell only when it cannot be reached. */
async function shell(request: Request): Promise<Response> {
  try {
    return await fetch(request);
  } catch (error) {
    const cached = await caches.match(SHELL, { cacheName: SHELL_CACHE, ignoreVary: true });
    if (cached) return cached;
    throw error;
  }
}

/** Hashed build files never change under one name: a cached copy is always right. */
async function cacheFirst(request: Request): Promise<Response> {
  // ignoreVary: the server varies on Accept-Encoding and Origin, which the
  // page's module requests (CORS mode) and the install's fetches differ in.
  const cached = await caches.match(request, { ignoreVary: true });
  if (cached) return cached;
  const response = await fetch(request);
  if (mayKeep(response)) {
    const copy = response.clone();
    void caches.open(SHELL_CACHE).then((cache) => cache.put(request, copy));
  }
  return response;
}

/**
 * The cached answer at once and the network's in the background; when the
 * catalogue's answer changed, open pages are told to fetch it again
 * (lib/service-worker.ts), so an admin's edit shows within one round trip.
 */
async function staleWhileRevalidate(event: FetchEvent, cacheName: string): Promise<Response> {
  const cache = await caches.open(cacheName);
  // The page may send the same URL with or without a token; the answer is the same.
  const cached = await cache.match(event.request, { ignoreVary: true });
  // Cloned now: respondWith locks the body of the copy it is given, and a
  // locked body can no longer be cloned when the network answers later.
  const previous = cacheName === CATALOGUE_CACHE ? cached?.clone() : undefined;
  const network = fetch(event.request).then(async (response) => {
    // Compared before the cache changes; told after, so the page's refetch reads the new state.
    // A copy of something now gone changed too: the page showed it as still sold.
    const changed = previous !== undefined && (isGone(response) || (response.ok && !(await sameAnswer(previous, response.clone()))));
    const kept = await keepFresh(cache, event.request, response);
    if (kept && cacheName === IMAGE_CACHE) await trim(cache, IMAGE_LIMIT);
    if (changed) await announce(event.request.url);
    return response;
  });
  if (!cached) return network;
  event.waitUntil(network.catch(() => undefined));
  return cached;
}

async function sameAnswer(a: Response, b: Response): Promise<boolean> {
  const etag = a.headers.get('ETag');
  if (etag && etag === b.headers.get('ETag')) return true;
  return (await a.text()) === (await b.text());
}

async function announce(url: string) {
  const message = { type: 'catalogue-updated', key: catalogueKey(url) };
  for (const client of await self.clients.matchAll({ type: 'window' })) client.postMessage(message);
}

async function trim(cache: Cache, limit: number) {
  const keys = await cache.keys();
  await Promise.all(keys.slice(0, Math.max(0, keys.length - limit)).map((key) => cache.delete(key)));
}

self.addEventListener('push', (event) => {
  const payload = parsePayload(event.data?.text(), 'Shwe Top-Up');
  event.waitUntil(self.registration.showNotification(payload.title, notificationOptions(payload)));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openTarget(self.clients, targetOf(event.notification.data, self.location.origin)));
});
