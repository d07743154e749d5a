// Which caches the service worker keeps, per build, and which answers may
// go into them (web/README.md#the-service-worker).

/**
 * The caches of one build. The shell (the build's own files) and the
 * catalogue carry the build id: a new build may read the API's answers in
 * a new shape, so it starts from a catalogue it fetched itself rather than
 * one an older build kept. The artwork under /media/ is the same bytes for
 * every build (an image is an image), so it is kept across deploys.
 */
export function cacheNames(build: string) {
  return { shell: `shell-${build}`, catalogue: `catalogue-${build}`, images: 'images-v1' } as const;
}

/**
 * The caches to delete when this build's worker takes over: every one it
 * does not use. Cache Storage holds only the worker's caches (the page
 * never opens one), so what is left is an older build's, or a name this
 * worker no longer uses (catalogue-v1, from before caches were per build).
 */
export function staleCaches(existing: readonly string[], build: string): string[] {
  const current = new Set<string>(Object.values(cacheNames(build)));
  return existing.filter((name) => !current.has(name));
}

/**
 * Whether an answer may be kept at all: a success the server did not mark
 * no-store or private. The routes never send the money or secret answers
 * here (routes.ts); this keeps out one that a route table mistake or a
 * new server header would otherwise let in.
 */
export function mayKeep(response: { ok: boolean; headers: { get(name: string): string | null } }): boolean {
  if (!response.ok) return false;
  const control = response.headers.get('Cache-Control') ?? '';
  return !/(^|[\s,])(no-store|private)([\s,=]|$)/i.test(control);
}

/** Whether the server says the thing is no more (a product or game taken down). */
export const isGone = (response: { status: number }) => response.status === 404 || response.status === 410;

/**
 * Puts the network's fresh answer to `request` in place of the cached one,
 * and says whether it was kept. One the server now says is not to be kept
 * (no-store, private) deletes the cached copy: left there, it would be
 * served again, first, on the next visit. So does a 404 or 410: the product
 * or game is gone, and its copy would be shown first as if it were still
 * sold. Any other failure (429, 5xx) leaves it: it is still the best the
 * page has, offline or while the server is down.
 */
export async function keepFresh(cache: Pick<Cache, 'put' | 'delete'>, request: Request, fresh: Response): Promise<boolean> {
  if (mayKeep(fresh)) {
    await cache.put(request, fresh.clone());
    return true;
  }
  // ignoreVary, as the strategy's match: every copy of this URL goes.
  if (fresh.ok || isGone(fresh)) await cache.delete(request, { ignoreVary: true });
  return false;
}
