import { describe, expect, it } from 'vitest';

import { cacheNames, keepFresh, mayKeep, staleCaches } from './caches';

describe('the caches of a build', () => {
  it('names the shell and the catalogue by the build, the artwork once for all builds', () => {
    expect(cacheNames('a1b2c3')).toEqual({ shell: 'shell-a1b2c3', catalogue: 'catalogue-a1b2c3', images: 'images-v1' });
  });

  it('deletes, when a new build takes over, the older builds’ shell and catalogue and the unversioned catalogue', () => {
    const existing = ['shell-old111', 'catalogue-old111', 'catalogue-v1', 'images-v1', 'shell-new222', 'catalogue-new222'];
    expect(staleCaches(existing, 'new222')).toEqual(['shell-old111', 'catalogue-old111', 'catalogue-v1']);
  });

  it('keeps everything when the same build activates again', () => {
    expect(staleCaches(['shell-new222', 'catalogue-new222', 'images-v1'], 'new222')).toEqual([]);
  });
});

describe('which answers may be kept', () => {
  const answer = (status: number, cacheControl?: string) => new Response('{}', { status, headers: cacheControl ? { 'Cache-Control': cacheControl } : {} });
  const cases: [status: number, cacheControl: string | undefined, want: boolean][] = [
    // The catalogue's, the artwork's and the build files' headers (api/services.go, api/web.go).
    [200, 'public, max-age=60, stale-while-revalidate=300', true],
    [200, 'public, max-age=31536000, immutable', true],
    [200, 'no-cache', true],
    [200, undefined, true],
    // What carries money or secrets (wallet, orders, messages, uploads): never.
    [200, 'no-store', false],
    [200, 'private, no-store', false],
    [200, 'private', false],
    [200, 'max-age=0, Private', false],
    // Failures are not kept either.
    [404, 'public, max-age=60', false],
    [503, undefined, false],
  ];
  it.each(cases)('%i with Cache-Control %s → %s', (status, cacheControl, want) => {
    expect(mayKeep(answer(status, cacheControl))).toBe(want);
  });
});

describe('what the network’s fresh answer does to the cached copy', () => {
  /** Cache Storage's Cache as the worker uses it (by URL); jsdom has none. */
  class MemoryCache {
    readonly entries = new Map<string, Response>();
    put(request: Request, response: Response) {
      this.entries.set(request.url, response);
      return Promise.resolve();
    }
    delete(request: Request) {
      return Promise.resolve(this.entries.delete(request.url));
    }
  }
  const request = new Request('https://shop.example/api/games');
  const answer = (body: string, status: number, cacheControl?: string) =>
    new Response(body, { status, headers: cacheControl ? { 'Cache-Control': cacheControl } : {} });
  const cacheWithOlder = () => {
    const cache = new MemoryCache();
    cache.entries.set(request.url, answer('older', 200, 'public, max-age=60'));
    return cache;
  };

  it('a keepable answer takes the older one’s place, and is still there for the page to read', async () => {
    const cache = cacheWithOlder();
    const fresh = answer('fresh', 200, 'public, max-age=60');
    expect(await keepFresh(cache, request, fresh)).toBe(true);
    expect(await cache.entries.get(request.url)?.text()).toBe('fresh');
    expect(await fresh.text()).toBe('fresh');
  });

  it.each(['no-store', 'private', 'private, max-age=0'])('an answer now marked %s deletes the older copy, which would be served again', async (cacheControl) => {
    const cache = cacheWithOlder();
    expect(await keepFresh(cache, request, answer('fresh', 200, cacheControl))).toBe(false);
    expect(cache.entries.has(request.url)).toBe(false);
  });

  it.each([404, 410])('a %i (a product or game taken down) deletes the older copy: the page would show it first, as if it were still sold', async (status) => {
    const cache = cacheWithOlder();
    expect(await keepFresh(cache, request, answer('', status))).toBe(false);
    expect(cache.entries.has(request.url)).toBe(false);
  });

  it.each([429, 500, 503])('a failure (%i) leaves the older copy: offline or while the server is down it is the best there is', async (status) => {
    const cache = cacheWithOlder();
    expect(await keepFresh(cache, request, answer('', status))).toBe(false);
    expect(await cache.entries.get(request.url)?.text()).toBe('older');
  });
});
