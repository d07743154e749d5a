import { useEffect, useState, useSyncExternalStore } from 'react';

import { useRevalidate, type AdminScope } from '@/features/admin/api/keys';
import { currentRealtime, onRealtimeChange, type PresenceMember } from '@/lib/echo';
import { onReconnect } from '@/lib/reconnect';

// private-admins carries the queues' events (store/topups.go, store/orders.go,
// store/refunds.go);
// each one makes the matching SWR keys stale, never the cache's source of truth.
const events: Record<string, AdminScope[]> = {
  '.topup.created': ['topups', 'overview'],
  '.topup.updated': ['topups', 'overview', 'users', 'audit'],
  '.order.created': ['orders', 'overview', 'users'],
  '.order.updated': ['orders', 'overview', 'users', 'audit', 'refunds'],
  '.refund.updated': ['refunds', 'audit'],
};

// What the events above could have changed while the socket was down.
const reconnectScopes = [...new Set(Object.values(events).flat())];

function nameOf(member: PresenceMember): string {
  return typeof member.username === 'string' ? member.username : '?';
}

/**
 * Mounted once by the dashboard layout (admins only): listens on
 * private-admins and joins presence-admins on the app's one Echo connection.
 * Returns the usernames of the admins online now, or null without a socket.
 */
export function useAdminRealtime(): string[] | null {
  const revalidate = useRevalidate();
  const connection = useSyncExternalStore(onRealtimeChange, currentRealtime, currentRealtime);
  const [admins, setAdmins] = useState<string[] | null>(null);

  useEffect(() => {
    if (!connection) return;
    const stops = Object.entries(events).map(([event, scopes]) =>
      connection.listenPrivate('admins', event, () => void revalidate(...scopes)),
    );
    const leave = connection.joinPresence('admins', {
      here: (members) => setAdmins([...new Set(members.map(nameOf))]),
      joining: (member) => setAdmins((list) => [...new Set([...(list ?? []), nameOf(member)])]),
      leaving: (member) => setAdmins((list) => (list ?? []).filter((name) => name !== nameOf(member))),
    });
    const stopReconnect = onReconnect(connection, () => void revalidate(...reconnectScopes));
    return () => {
      stops.forEach((stop) => stop());
      stopReconnect();
      leave();
      setAdmins(null);
    };
  }, [connection, revalidate]);

  return connection ? admins : null;
}
