// Registers the service worker (src/sw/sw.ts, built to /sw.js) once the page
// has loaded and the main thread is idle, so it costs the first screen
// nothing, and tells the app what the worker says: a new build is waiting
// (the update prompt) or a catalogue answer changed (SWR refetches it).

type Listener = () => void;

let waiting: ServiceWorker | null = null;
const updateListeners = new Set<Listener>();
const catalogueListeners = new Set<(key: string) => void>();

/** The installed worker of a newer build, waiting for the customer's "reload"; null when there is none. */
export function waitingWorker(): ServiceWorker | null {
  return waiting;
}

export function subscribeUpdate(listener: Listener): () => void {
  updateListeners.add(listener);
  return () => updateListeners.delete(listener);
}

/** Announces a waiting worker (exported for the prompt's tests). */
export function announceUpdate(worker: ServiceWorker | null) {
  waiting = worker;
  for (const listener of updateListeners) listener();
}

/** Runs fn with the SWR key of every catalogue answer the worker found changed. */
export function onCatalogueUpdate(fn: (key: string) => void): () => void {
  catalogueListeners.add(fn);
  return () => catalogueListeners.delete(fn);
}

/** Asks the waiting worker to take over; the page reloads when it has (controllerchange). */
export function applyUpdate() {
  waiting?.postMessage({ type: 'SKIP_WAITING' });
}

function watch(registration: ServiceWorkerRegistration) {
  // An update waits only when a page is already controlled; the first install takes over at once (sw.ts).
  if (registration.waiting && navigator.serviceWorker.controller) announceUpdate(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed' && navigator.serviceWorker.controller) announceUpdate(installing);
    });
  });
}

export function registerServiceWorker() {
  if (!('serviceWorker' in navigator)) return;
  const sw = navigator.serviceWorker;
  let reloading = false;
  const hadController = Boolean(sw.controller);
  sw.addEventListener('controllerchange', () => {
    // The first install claims the page: nothing to reload. After an update, reload once onto the new build.
    if (!hadController || reloading) return;
    reloading = true;
    window.location.reload();
  });
  sw.addEventListener('message', (event: MessageEvent<{ type?: string; key?: string }>) => {
    const key = event.data?.key;
    if (event.data?.type === 'catalogue-updated' && key) for (const fn of catalogueListeners) fn(key);
  });
  const start = () => {
    sw.register('/sw.js', { scope: '/' }).then(watch, (error: unknown) => console.warn('Service worker not registered', error));
  };
  const idle = () => ('requestIdleCallback' in window ? window.requestIdleCallback(start, { timeout: 5000 }) : setTimeout(start, 1000));
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

/** The active registration, or null where service workers are missing or none is registered yet. */
export async function currentRegistration(): Promise<ServiceWorkerRegistration | null> {
  if (!('serviceWorker' in navigator)) return null;
  return (await navigator.serviceWorker.getRegistration('/')) ?? null;
}
