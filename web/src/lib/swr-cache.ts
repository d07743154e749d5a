import { useLayoutEffect } from 'react';
import { unstable_serialize, useSWRConfig, type Cache, type Middleware, type State } from 'swr';

// docs/spec.md §9: cached query data is kept 60 s after its last use. SWR keeps a
// key's data for as long as the cache lives; this cache forgets it once no
// mounted hook has used the key for `ttlMs`. The middleware tells it which
// keys are in use.

export const CACHE_TTL_MS = 60_000;

export class ExpiringCache implements Cache {
  private readonly entries = new Map<string, State>();
  private readonly users = new Map<string, number>();
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();

  private readonly ttlMs: number;

  constructor(ttlMs = CACHE_TTL_MS) {
    this.ttlMs = ttlMs;
  }

  keys() {
    return this.entries.keys();
  }

  get(key: string) {
    return this.entries.get(key);
  }

  /** Data written for a key nobody uses (a mutate, a pushed event) expires too. */
  set(key: string, value: State) {
    this.entries.set(key, value);
    if (!this.users.get(key)) this.expireLater(key);
  }

  delete(key: string) {
    this.entries.delete(key);
    this.stopTimer(key);
  }

  /** A hook mounted with `key`. */
  retain(key: string) {
    this.users.set(key, (this.users.get(key) ?? 0) + 1);
    this.stopTimer(key);
  }

  /** A hook with `key` unmounted or moved to another key. */
  release(key: string) {
    const left = (this.users.get(key) ?? 1) - 1;
    if (left > 0) {
      this.users.set(key, left);
      return;
    }
    this.users.delete(key);
    if (this.entries.has(key)) this.expireLater(key);
  }

  private expireLater(key: string) {
    this.stopTimer(key);
    this.timers.set(
      key,
      setTimeout(() => {
        this.timers.delete(key);
        this.entries.delete(key);
      }, this.ttlMs),
    );
  }

  private stopTimer(key: string) {
    clearTimeout(this.timers.get(key));
    this.timers.delete(key);
  }
}

/** SWR middleware: marks a hook's key in use while it is mounted (for ExpiringCache). */
export const trackKeyUse: Middleware = (useSWRNext) =>
  function useTrackedSWR(key, fetcher, config) {
    const { cache } = useSWRConfig();
    const serialized = unstable_serialize(key);
    useLayoutEffect(() => {
      if (!serialized || !(cache instanceof ExpiringCache)) return;
      cache.retain(serialized);
      return () => cache.release(serialized);
    }, [cache, serialized]);
    return useSWRNext(key, fetcher, config);
  };
