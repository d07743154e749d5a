import { act, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import useSWR, { SWRConfig, useSWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { AppProvider } from '@/app/provider';
import { CACHE_TTL_MS, ExpiringCache, trackKeyUse } from '@/lib/swr-cache';

let fetches: string[] = [];
const fetcher = (key: string) => {
  fetches.push(key);
  return Promise.resolve(`data of ${key}`);
};

function Reader({ name }: { name: string }) {
  const { data } = useSWR(name, fetcher);
  return <p>{data ?? `loading ${name}`}</p>;
}

function withCache(cache: ExpiringCache, children: ReactNode) {
  return <SWRConfig value={{ provider: () => cache, use: [trackKeyUse], dedupingInterval: 0 }}>{children}</SWRConfig>;
}

/** Lets the fetcher's promise settle and SWR re-render. */
const settle = () => act(() => Promise.resolve());
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  fetches = [];
});
afterEach(() => vi.useRealTimers());

describe('ExpiringCache (docs/spec.md §9: kept 60 s after last use)', () => {
  it('forgets a key 60 s after its last reader unmounts, not before', async () => {
    const cache = new ExpiringCache();
    const { rerender } = render(withCache(cache, [<Reader key="a" name="games" />, <Reader key="b" name="games" />]));
    await settle();
    expect(screen.getAllByText('data of games')).toHaveLength(2);

    rerender(withCache(cache, [<Reader key="a" name="games" />]));
    await advance(CACHE_TTL_MS + 1000);
    expect(cache.get('games')?.data).toBe('data of games');

    rerender(withCache(cache, []));
    await advance(CACHE_TTL_MS - 1);
    expect(cache.get('games')?.data).toBe('data of games');
    await advance(1);
    expect(cache.get('games')).toBeUndefined();
  });

  it('serves a reader that comes back within 60 s from the cache, and restarts the clock', async () => {
    const cache = new ExpiringCache();
    const { rerender } = render(withCache(cache, <Reader name="banner" />));
    await settle();
    rerender(withCache(cache, null));
    await advance(CACHE_TTL_MS - 1000);

    rerender(withCache(cache, <Reader name="banner" />));
    expect(screen.getByText('data of banner')).toBeInTheDocument();
    await settle();
    rerender(withCache(cache, null));
    await advance(CACHE_TTL_MS - 1000);
    expect(cache.get('banner')?.data).toBe('data of banner');
    await advance(1000);
    expect(cache.get('banner')).toBeUndefined();
  });

  it('releases the old key when a reader moves to another', async () => {
    const cache = new ExpiringCache();
    const { rerender } = render(withCache(cache, <Reader name="/orders?page=1" />));
    await settle();
    rerender(withCache(cache, <Reader name="/orders?page=2" />));
    await settle();
    await advance(CACHE_TTL_MS);
    expect(cache.get('/orders?page=1')).toBeUndefined();
    expect(cache.get('/orders?page=2')?.data).toBe('data of /orders?page=2');
  });

  it('expires data written for a key that nobody reads', async () => {
    const cache = new ExpiringCache();
    function Writer() {
      const { mutate } = useSWRConfig();
      return <button onClick={() => void mutate('/user/1', { id: 1 }, { revalidate: false })}>write</button>;
    }
    render(withCache(cache, <Writer />));
    fireEvent.click(screen.getByRole('button', { name: 'write' }));
    await settle();
    expect(cache.get('/user/1')?.data).toEqual({ id: 1 });
    await advance(CACHE_TTL_MS);
    expect(cache.get('/user/1')).toBeUndefined();
  });

  it('is the app’s cache: a page opened again after a minute away fetches afresh', async () => {
    const { rerender } = render(
      <AppProvider>
        <Reader name="/games" />
      </AppProvider>,
    );
    await settle();
    expect(screen.getByText('data of /games')).toBeInTheDocument();
    rerender(<AppProvider>{null}</AppProvider>);
    await advance(CACHE_TTL_MS);
    rerender(
      <AppProvider>
        <Reader name="/games" />
      </AppProvider>,
    );
    expect(screen.getByText('loading /games')).toBeInTheDocument();
    await settle();
    expect(screen.getByText('data of /games')).toBeInTheDocument();
    expect(fetches).toEqual(['/games', '/games']);
  });
});
