import { useCallback, useMemo, useRef, useState } from 'react';
import { useSWRConfig } from 'swr';

import { getUser, userKey } from '@/features/auth/api/auth';
import { useConfig } from '@/features/config/api/config';
import { messagesKey, withPushed, type InboxMessage } from '@/features/notifications/api/messages';
import { orderKeys } from '@/features/orders/api/orders';
import { refundKeys } from '@/features/refunds/api/refunds';
import { ConnectionIndicator } from '@/features/realtime/components/connection-indicator';
import { useUserChannel } from '@/features/realtime/hooks/use-user-channel';
import { topupKeys } from '@/features/topup/api/topups';
import { CreditNotice } from '@/features/topup/components/credit-notice';
import { useSession } from '@/hooks/use-session';
import type { RealtimeSettings } from '@/lib/echo';
import { isApiError } from '@/lib/api-client';
import { endRejectedSession, getStoredUser, saveUser } from '@/lib/session';
import type { MessageSent, Topup, TopupEvent, UserUpdated } from '@/types/api';

/** Wires the user's private channel to the session and the SWR cache (docs/spec.md §4 Realtime). */
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

  // The pushed user shows at once, then the server confirms it: events come at least once and may arrive out of
  // order (a copy held up by a node that died or lost the database comes after newer ones), so the last word is a
  // fetch made after the last event, never an older payload (docs/reliability.md, Faults).
  const onUserUpdated = useCallback(
    (event: UserUpdated) => {
      const current = getStoredUser();
      if (!current || current.id !== event.user.id) return;
      const next = { ...current, ...event.user };
      saveUser(next);
      void mutate(userKey(next.id), next, { revalidate: true });
    },
    [mutate],
  );
  // docs/spec.md §4: a pushed message goes to the top of the list at once; the refetch then confirms it.
  const onMessage = useCallback(
    (event: MessageSent) => {
      if (!user) return;
      void mutate<InboxMessage[]>(messagesKey(user.id), (list) => withPushed(list, event), { revalidate: true });
    },
    [mutate, user],
  );
  // Orders and top-ups change status when an admin decides: refetch what is on screen.
  const onOrderUpdated = useCallback(() => void mutate(orderKeys.isOrders), [mutate]);
  // A confirmed top-up is also said out loud ("+10,300 Ks added"), once per top-up: events come at least once.
  const [credited, setCredited] = useState<Topup | null>(null);
  const announced = useRef(new Set<number>());
  const onTopupUpdated = useCallback(
    (event: TopupEvent) => {
      void mutate(topupKeys.isList);
      if (event.topup.status !== 'confirmed' || announced.current.has(event.topup.id)) return;
      announced.current.add(event.topup.id);
      setCredited(event.topup);
    },
    [mutate],
  );
  const hideCredited = useCallback(() => setCredited(null), []);
  const onRefundUpdated = useCallback(() => void mutate(refundKeys.mine), [mutate]);
  // Events sent while the socket was down are lost: refetch everything they could have changed.
  const onReconnected = useCallback(() => {
    if (!user) return;
    void mutate(userKey(user.id));
    void mutate(messagesKey(user.id));
    void mutate(orderKeys.isOrders);
    void mutate(topupKeys.isList);
    void mutate(refundKeys.mine);
  }, [mutate, user]);

  // Ending one of the user's sessions closes all their sockets: this one
  // reconnects if its own session still works, and signs out if not.
  const stillSignedIn = useCallback(async () => {
    if (!user) return false;
    try {
      const fresh = await getUser(user.id);
      saveUser(fresh);
      return true;
    } catch (error) {
      if (isApiError(error) && error.status === 401) {
        endRejectedSession();
        return false;
      }
      return true;
    }
  }, [user]);

  const state = useUserChannel({
    settings,
    userId: authenticated ? user?.id : undefined,
    onUserUpdated,
    onMessage,
    onOrderUpdated,
    onTopupUpdated,
    onRefundUpdated,
    onReconnected,
    stillSignedIn,
  });
  return (
    <>
      <ConnectionIndicator state={settings ? state : null} />
      <CreditNotice topup={credited} onDone={hideCredited} />
    </>
  );
}
