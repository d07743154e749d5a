import { useCallback, useMemo } from 'react';
import { useSWRConfig } from 'swr';

import { userKey } from '@/features/auth/api/auth';
import { useConfig } from '@/features/config/api/get-config';
import { ConnectionIndicator } from '@/features/realtime/components/connection-indicator';
import { useUserChannel, type UserUpdatedEvent } from '@/features/realtime/hooks/use-user-channel';
import { useSession } from '@/hooks/use-session';
import type { RealtimeSettings } from '@/lib/echo';
import { getStoredUser, saveUser } from '@/lib/session';

/** The SWR key of the message list (the messages feature reads it). */
const messagesKey = (userId: number) => `/message/${userId}`;

/** Wires the user's private channel to the session and the SWR cache (SPEC §4 Realtime). */
export function RealtimeBridge() {
  const { authenticated, token, user } = useSession();
  const { data: config } = useConfig();
  const { mutate } = useSWRConfig();
  const pusher = config?.pusher;

  const settings = useMemo<RealtimeSettings | null>(() => {
    if (!authenticated || !token || !pusher?.key) return null;
    return {
      key: pusher.key,
      cluster: pusher.cluster || 'mt1',
      wsHost: pusher.ws_host,
      wsPort: pusher.ws_port,
      wssPort: pusher.wss_port,
      forceTLS: pusher.force_tls,
      token,
    };
  }, [authenticated, token, pusher]);

  const onUserUpdated = useCallback(
    (event: UserUpdatedEvent) => {
      const current = getStoredUser();
      if (!current || current.id !== event.user.id) return;
      const next = { ...current, ...event.user };
      saveUser(next);
      void mutate(userKey(next.id), next, { revalidate: false });
    },
    [mutate],
  );
  const onMessage = useCallback(() => {
    if (user) void mutate(messagesKey(user.id));
  }, [mutate, user]);

  const state = useUserChannel({ settings, userId: authenticated ? user?.id : undefined, onUserUpdated, onMessage });
  return <ConnectionIndicator state={settings ? state : null} />;
}
