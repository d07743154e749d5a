import { useEffect, useSyncExternalStore } from 'react';
import useSWR from 'swr';

import { getData } from '@/lib/api-client';
import { currentRealtime, onRealtimeChange } from '@/lib/echo';

export const adminStatusKey = '/admin-status';

type AdminStatus = { admin_online: boolean };

/**
 * Whether an admin is online (GET /api/admin-status), kept live by the public
 * admin-status channel when the page has a realtime connection; without one
 * (signed out) it is read on load and when the tab comes back.
 */
export function useAdminOnline(): boolean | undefined {
  const { data, mutate } = useSWR<AdminStatus, unknown>(adminStatusKey, (key: string) => getData<AdminStatus>(key, { auth: false }), {
    revalidateOnFocus: true,
  });
  const connection = useSyncExternalStore(onRealtimeChange, currentRealtime, currentRealtime);
  useEffect(() => {
    if (!connection) return;
    return connection.listenPublic('admin-status', '.admin-status.updated', (payload) => {
      const online = (payload as Partial<AdminStatus> | null)?.admin_online;
      if (typeof online === 'boolean') void mutate({ admin_online: online }, { revalidate: false });
    });
  }, [connection, mutate]);
  return data?.admin_online;
}
