import { describe, expect, it } from 'vitest';

import { cacheNames, mayKeep, staleCaches } from './caches';

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
