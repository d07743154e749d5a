import type { RealtimeConnection } from '@/lib/echo';

/**
 * Calls `callback` each time the connection is back to 'connected' after
 * dropping (to 'connecting', 'unavailable', …) from 'connected'. Events
 * published in between never arrive: the callback refetches what they would
 * have changed. The first connection does not count. Returns the unsubscribe.
 */
export function onReconnect(connection: RealtimeConnection, callback: () => void): () => void {
  let wasConnected = connection.state() === 'connected';
  let dropped = false;
  return connection.onStateChange((state) => {
    if (state !== 'connected') {
      dropped = wasConnected;
      return;
    }
    if (dropped) callback();
    wasConnected = true;
    dropped = false;
  });
}
