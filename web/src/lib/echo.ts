import Echo from 'laravel-echo';
import Pusher from 'pusher-js';

// The only module that touches pusher-js and laravel-echo (DESIGN §2). One Echo
// instance for the whole app: connectRealtime() reuses it while the settings
// and token stay the same, and disconnectRealtime() tears it down on logout.

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
  /** Joins `presence-{channel}` (admins only: presence-admins); returns the leave. */
  joinPresence(channel: string, handlers: PresenceHandlers): () => void;
  state(): ConnectionState;
  onStateChange(callback: (state: ConnectionState) => void): () => void;
}

export const AUTH_ENDPOINT = '/api/broadcasting/auth';

/** The Echo options of SPEC §7 (exported for tests). */
export function echoOptions(settings: RealtimeSettings) {
  const secure = settings.forceTLS || window.location.protocol === 'https:';
  return {
    broadcaster: 'pusher' as const,
    key: settings.key,
    cluster: settings.cluster || 'mt1',
    wsHost: settings.wsHost || window.location.hostname,
    wsPort: settings.wsPort,
    wssPort: settings.wssPort,
    forceTLS: secure,
    enabledTransports: ['ws', 'wss'] as ('ws' | 'wss')[],
    disableStats: true,
    authEndpoint: AUTH_ENDPOINT,
    auth: { headers: { Authorization: `Bearer ${settings.token}`, Accept: 'application/json' } },
    withoutInterceptors: true,
    Pusher,
  };
}

interface Current {
  signature: string;
  echo: Echo<'pusher'>;
  connection: RealtimeConnection;
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

function wrap(echo: Echo<'pusher'>): RealtimeConnection {
  const pusherConnection = echo.connector.pusher.connection;
  return {
    listenPrivate(channel, event, callback) {
      const subscription = echo.private(channel);
      subscription.listen(event, callback);
      return () => {
        subscription.stopListening(event, callback);
      };
    },
    joinPresence(channel, handlers) {
      echo
        .join(channel)
        .here((members: PresenceMember[]) => handlers.here(members))
        .joining((member: PresenceMember) => handlers.joining(member))
        .leaving((member: PresenceMember) => handlers.leaving(member));
      // leaveChannel, not leave: leave() would also drop private-{channel}.
      return () => echo.leaveChannel(`presence-${channel}`);
    },
    state: () => pusherConnection.state as ConnectionState,
    onStateChange(callback) {
      const handler = (change: { current: string }) => callback(change.current as ConnectionState);
      pusherConnection.bind('state_change', handler);
      return () => pusherConnection.unbind('state_change', handler);
    },
  };
}

/** The one Echo connection for these settings (created, or reused when unchanged). */
export function connectRealtime(settings: RealtimeSettings): RealtimeConnection {
  const signature = JSON.stringify(settings);
  if (current?.signature === signature) return current.connection;
  disconnectRealtime();
  const echo = new Echo(echoOptions(settings));
  current = { signature, echo, connection: wrap(echo) };
  announceChange();
  return current.connection;
}

/** Leaves every channel and closes the socket (logout, token change). */
export function disconnectRealtime() {
  if (!current) return;
  const { echo } = current;
  current = null;
  echo.leaveAllChannels();
  echo.disconnect();
  announceChange();
}
