import type { OpenEcho } from '@/lib/echo-client';

// The app's one realtime connection (docs/architecture.md#layers). connectRealtime() reuses it
// while the settings and token stay the same, and disconnectRealtime() tears
// it down on logout. pusher-js and laravel-echo live in lib/echo-client.ts,
// loaded after the first paint: live updates are not needed to draw the
// first screen, and the two libraries are a fifth of its JavaScript.

export type ConnectionState = 'initialized' | 'connecting' | 'connected' | 'unavailable' | 'failed' | 'disconnected';

export interface RealtimeSettings {
  key: string;
  cluster: string;
  /** Empty: the page's own host. */
  wsHost?: string;
  wsPort?: number;
  wssPort?: number;
  forceTLS: boolean;
  /** Bearer token for /api/broadcasting/auth. */
  token: string;
}

/** A member of a presence channel: its `user_info` (the server sends `{username}`). */
export type PresenceMember = Record<string, unknown>;

export interface PresenceHandlers {
  here(members: PresenceMember[]): void;
  joining(member: PresenceMember): void;
  leaving(member: PresenceMember): void;
}

export interface RealtimeConnection {
  /** Listens for `event` (leading dot: no namespace) on `private-{channel}`; returns the unsubscribe. */
  listenPrivate(channel: string, event: string, callback: (payload: unknown) => void): () => void;
  /** Listens for `event` on the public `channel` (e.g. admin-status); returns the unsubscribe. */
  listenPublic(channel: string, event: string, callback: (payload: unknown) => void): () => void;
  /** Joins `presence-{channel}` (admins only: presence-admins); returns the leave. */
  joinPresence(channel: string, handlers: PresenceHandlers): () => void;
  state(): ConnectionState;
  onStateChange(callback: (state: ConnectionState) => void): () => void;
  /**
   * Opens the socket again after the server closed it for good (a
   * terminate_connections: pusher-js does not retry those itself); it
   * signs in again once connected.
   */
  reconnect(): void;
}

interface Current {
  signature: string;
  connection: RealtimeConnection;
  /** Null until the client has loaded and Echo is open. */
  opened: OpenEcho | null;
}

let current: Current | null = null;
const changeListeners = new Set<() => void>();

// Deferred: connectRealtime runs while a component renders.
function announceChange() {
  queueMicrotask(() => {
    for (const listener of changeListeners) listener();
  });
}

/** The open connection, if any (features that add channels to it, e.g. the admin dashboard). */
export function currentRealtime(): RealtimeConnection | null {
  return current?.connection ?? null;
}

/** Calls `listener` after the connection is created or torn down; returns the unsubscribe. */
export function onRealtimeChange(listener: () => void): () => void {
  changeListeners.add(listener);
  return () => changeListeners.delete(listener);
}

function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

/**
 * A connection usable at once: what is asked of it before `ready` settles
 * happens on the real one afterwards, unless undone first. It reports
 * 'initialized' while loading and 'failed' if the client could not load.
 */
function deferredConnection(ready: Promise<RealtimeConnection | null>): RealtimeConnection {
  let real: RealtimeConnection | null = null;
  let failed = false;
  const stateListeners = new Set<(state: ConnectionState) => void>();
  const state = (): ConnectionState => real?.state() ?? (failed ? 'failed' : 'initialized');
  const settled = ready
    .then(
      (connection) => {
        real = connection;
      },
      (error: unknown) => {
        failed = true;
        console.warn('Could not load the realtime client', error);
      },
    )
    .then(() => {
      const now = state();
      for (const listener of stateListeners) listener(now);
    });

  function whenOpen(start: (connection: RealtimeConnection) => () => void): () => void {
    let stop: (() => void) | null = null;
    let undone = false;
    void settled.then(() => {
      if (!undone && real) stop = start(real);
    });
    return () => {
      undone = true;
      stop?.();
    };
  }

  return {
    listenPrivate: (channel, event, callback) => whenOpen((connection) => connection.listenPrivate(channel, event, callback)),
    listenPublic: (channel, event, callback) => whenOpen((connection) => connection.listenPublic(channel, event, callback)),
    joinPresence: (channel, handlers) => whenOpen((connection) => connection.joinPresence(channel, handlers)),
    state,
    reconnect: () => real?.reconnect(),
    onStateChange(callback) {
      stateListeners.add(callback);
      const stop = whenOpen((connection) => connection.onStateChange(callback));
      return () => {
        stateListeners.delete(callback);
        stop();
      };
    },
  };
}

/** The one Echo connection for these settings (created, or reused when unchanged). */
export function connectRealtime(settings: RealtimeSettings): RealtimeConnection {
  const signature = JSON.stringify(settings);
  if (current?.signature === signature) return current.connection;
  disconnectRealtime();
  const ready = afterNextPaint()
    .then(() => import('@/lib/echo-client'))
    .then(({ openEcho }) => {
      // Logged out, or the token changed, while the client was loading.
      if (current !== entry) return null;
      entry.opened = openEcho(settings);
      return entry.opened.connection;
    });
  const entry: Current = { signature, connection: deferredConnection(ready), opened: null };
  current = entry;
  announceChange();
  return entry.connection;
}

/** Leaves every channel and closes the socket (logout, token change). */
export function disconnectRealtime() {
  if (!current) return;
  const { opened } = current;
  current = null;
  opened?.close();
  announceChange();
}
