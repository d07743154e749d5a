import { useEffect, useMemo, useRef, useSyncExternalStore } from 'react';

import { connectRealtime, disconnectRealtime, type ConnectionState, type RealtimeSettings } from '@/lib/echo';
import type { User } from '@/types/api';

/** DESIGN §4 `user.updated` payload. */
export interface UserUpdatedEvent {
  updateType?: string;
  user: Partial<User> & { id: number };
}

/** DESIGN §4 `user.message.sent` payload. */
export interface UserMessageEvent {
  id: number;
  title: string;
  body: string;
  user_id: number;
  created_at: string;
  is_read: boolean;
}

type Options = {
  /** Null while signed out or before /api/config has loaded (or without an app key). */
  settings: RealtimeSettings | null;
  userId: number | undefined;
  onUserUpdated: (event: UserUpdatedEvent) => void;
  onMessage: (event: UserMessageEvent) => void;
};

function isUserUpdated(payload: unknown): payload is UserUpdatedEvent {
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
 * Subscribes to `private-user.{id}` while signed in (SPEC §7) and reports the
 * connection state; leaving (logout) tears the Echo connection down.
 */
export function useUserChannel({ settings, userId, onUserUpdated, onMessage }: Options): ConnectionState | null {
  const handlers = useRef({ onUserUpdated, onMessage });
  useEffect(() => {
    handlers.current = { onUserUpdated, onMessage };
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
      handlers.current.onMessage(payload as UserMessageEvent);
    });
    return () => {
      stopUser();
      stopMessage();
    };
  }, [connection, userId]);

  return state;
}

const noop = () => undefined;
