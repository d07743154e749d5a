import { useEffect, useMemo, useRef, useSyncExternalStore } from 'react';

import { connectRealtime, disconnectRealtime, type ConnectionState, type RealtimeSettings } from '@/lib/echo';
import { onReconnect } from '@/lib/reconnect';
import type { MessageSent, OrderEvent, RefundEvent, TopupEvent, UserUpdated } from '@/types/api';

type Options = {
  /** Null while signed out or before /api/config has loaded (or without an app key). */
  settings: RealtimeSettings | null;
  userId: number | undefined;
  onUserUpdated: (event: UserUpdated) => void;
  onMessage: (event: MessageSent) => void;
  onOrderUpdated?: (event: OrderEvent) => void;
  onTopupUpdated?: (event: TopupEvent) => void;
  onRefundUpdated?: (event: RefundEvent) => void;
  /** The socket came back after a drop: whatever was published meanwhile is lost. */
  onReconnected?: () => void;
  /**
   * The server closed the socket for good: one of the user's sessions was
   * ended, and terminate_connections closes all of the user's sockets.
   * Resolves whether this session is still signed in; the socket then
   * reconnects (and signs in again).
   */
  stillSignedIn?: () => Promise<boolean>;
};

function isUserUpdated(payload: unknown): payload is UserUpdated {
  return (
    typeof payload === 'object' &&
    payload !== null &&
    'user' in payload &&
    typeof payload.user === 'object' &&
    payload.user !== null &&
    'id' in payload.user
  );
}

/**
 * Subscribes to `private-user.{id}` while signed in (docs/spec.md §7) and reports the
 * connection state; leaving (logout) tears the Echo connection down.
 */
export function useUserChannel({
  settings,
  userId,
  onUserUpdated,
  onMessage,
  onOrderUpdated,
  onTopupUpdated,
  onRefundUpdated,
  onReconnected,
  stillSignedIn,
}: Options): ConnectionState | null {
  const handlers = useRef({ onUserUpdated, onMessage, onOrderUpdated, onTopupUpdated, onRefundUpdated, onReconnected, stillSignedIn });
  useEffect(() => {
    handlers.current = { onUserUpdated, onMessage, onOrderUpdated, onTopupUpdated, onRefundUpdated, onReconnected, stillSignedIn };
  });

  // connectRealtime reuses the one Echo instance while the settings are unchanged.
  const connection = useMemo(() => (settings && userId !== undefined ? connectRealtime(settings) : null), [settings, userId]);

  const state = useSyncExternalStore(
    (notify) => connection?.onStateChange(notify) ?? noop,
    () => connection?.state() ?? null,
  );

  useEffect(() => {
    if (!connection || userId === undefined) {
      disconnectRealtime();
      return;
    }
    const channel = `user.${userId}`;
    const stopUser = connection.listenPrivate(channel, '.user.updated', (payload) => {
      if (isUserUpdated(payload) && payload.user.id === userId) handlers.current.onUserUpdated(payload);
    });
    const stopMessage = connection.listenPrivate(channel, '.user.message.sent', (payload) => {
      handlers.current.onMessage(payload as MessageSent);
    });
    const stopOrder = connection.listenPrivate(channel, '.order.updated', (payload) => {
      if (isObjectWith(payload, 'order')) handlers.current.onOrderUpdated?.(payload as OrderEvent);
    });
    const stopTopup = connection.listenPrivate(channel, '.topup.updated', (payload) => {
      if (isObjectWith(payload, 'topup')) handlers.current.onTopupUpdated?.(payload as TopupEvent);
    });
    const stopRefund = connection.listenPrivate(channel, '.refund.updated', (payload) => {
      if (isObjectWith(payload, 'refund')) handlers.current.onRefundUpdated?.(payload as RefundEvent);
    });
    const stopReconnect = onReconnect(connection, () => handlers.current.onReconnected?.());
    // Our own close (logout, a new token) unsubscribes first, so a
    // 'disconnected' seen here is the server's.
    let active = true;
    const stopTerminated = connection.onStateChange((state) => {
      if (state !== 'disconnected') return;
      void handlers.current.stillSignedIn?.().then((signedIn) => {
        if (signedIn && active) connection.reconnect();
      });
    });
    return () => {
      active = false;
      stopTerminated();
      stopUser();
      stopMessage();
      stopOrder();
      stopTopup();
      stopRefund();
      stopReconnect();
    };
  }, [connection, userId]);

  return state;
}

const noop = () => undefined;

function isObjectWith(payload: unknown, field: string): boolean {
  return typeof payload === 'object' && payload !== null && field in payload && typeof (payload as Record<string, unknown>)[field] === 'object';
}
