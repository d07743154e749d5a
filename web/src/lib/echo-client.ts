import Echo from 'laravel-echo';
import Pusher from 'pusher-js';

import type { ConnectionState, PresenceMember, RealtimeConnection, RealtimeSettings } from '@/lib/echo';

// The only module that touches pusher-js and laravel-echo (docs/architecture.md#layers). It is
// loaded on demand by lib/echo.ts, so the two libraries stay out of the
// JavaScript the first screen waits for.

export const AUTH_ENDPOINT = '/api/broadcasting/auth';
/** Where the socket signs in as its user (pusher:signin), so that a ban or a demotion can close it. */
export const USER_AUTH_ENDPOINT = '/api/broadcasting/user-auth';

/** The Echo options of docs/spec.md §7 (exported for tests), plus user authentication. */
export function echoOptions(settings: RealtimeSettings) {
  const secure = settings.forceTLS || window.location.protocol === 'https:';
  const headers = { Authorization: `Bearer ${settings.token}`, Accept: 'application/json' };
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
    auth: { headers },
    userAuthentication: { endpoint: USER_AUTH_ENDPOINT, transport: 'ajax' as const, headers },
    withoutInterceptors: true,
    Pusher,
  };
}

export interface OpenEcho {
  connection: RealtimeConnection;
  /** Leaves every channel and closes the socket. */
  close(): void;
}

/**
 * Opens one Echo connection with docs/spec.md §7's options and signs the socket in as
 * its user: pusher-js signs in once connected and again after every
 * reconnect, so the server can close this user's sockets (a ban, a demotion).
 */
export function openEcho(settings: RealtimeSettings): OpenEcho {
  const echo = new Echo(echoOptions(settings));
  echo.connector.pusher.signin();
  return {
    connection: wrap(echo),
    close() {
      echo.leaveAllChannels();
      echo.disconnect();
    },
  };
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
    listenPublic(channel, event, callback) {
      const subscription = echo.channel(channel);
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
    reconnect: () => echo.connector.pusher.connect(),
    onStateChange(callback) {
      const handler = (change: { current: string }) => callback(change.current as ConnectionState);
      pusherConnection.bind('state_change', handler);
      return () => pusherConnection.unbind('state_change', handler);
    },
  };
}
