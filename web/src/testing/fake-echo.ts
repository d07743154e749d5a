// A fake of src/lib/echo.ts (the realtime seam) for component tests: records
// connections and subscriptions and lets a test push events and states.
import type { ConnectionState, PresenceHandlers, RealtimeConnection, RealtimeSettings } from '@/lib/echo';

type Listener = { channel: string; event: string; callback: (payload: unknown) => void };

export const fakeRealtime = {
  settings: null as RealtimeSettings | null,
  connects: 0,
  disconnects: 0,
  reconnects: 0,
  listeners: [] as Listener[],
  presence: new Map<string, PresenceHandlers>(),
  state: 'connected' as ConnectionState,
  stateListeners: new Set<(state: ConnectionState) => void>(),
  reset() {
    this.settings = null;
    this.connects = 0;
    this.disconnects = 0;
    this.reconnects = 0;
    this.listeners = [];
    this.presence.clear();
    this.state = 'connected';
    this.stateListeners.clear();
  },
  /** Delivers an event as the server would on `private-{channel}` (or a public channel). */
  emit(channel: string, event: string, payload: unknown) {
    for (const listener of this.listeners.filter((item) => item.channel === channel && item.event === event)) listener.callback(payload);
  },
  setState(state: ConnectionState) {
    this.state = state;
    for (const listener of this.stateListeners) listener(state);
  },
};

let current: RealtimeConnection | null = null;
let signature = '';

export function connectRealtime(settings: RealtimeSettings): RealtimeConnection {
  const next = JSON.stringify(settings);
  if (current && signature === next) return current;
  if (current) disconnectRealtime();
  fakeRealtime.settings = settings;
  fakeRealtime.connects += 1;
  signature = next;
  const connection: RealtimeConnection = {
    listenPrivate(channel, event, callback) {
      const listener = { channel, event, callback };
      fakeRealtime.listeners.push(listener);
      return () => {
        fakeRealtime.listeners = fakeRealtime.listeners.filter((item) => item !== listener);
      };
    },
    listenPublic(channel, event, callback) {
      const listener = { channel, event, callback };
      fakeRealtime.listeners.push(listener);
      return () => {
        fakeRealtime.listeners = fakeRealtime.listeners.filter((item) => item !== listener);
      };
    },
    joinPresence(channel, handlers) {
      fakeRealtime.presence.set(channel, handlers);
      return () => fakeRealtime.presence.delete(channel);
    },
    state: () => fakeRealtime.state,
    reconnect() {
      fakeRealtime.reconnects += 1;
    },
    onStateChange(callback) {
      fakeRealtime.stateListeners.add(callback);
      return () => fakeRealtime.stateListeners.delete(callback);
    },
  };
  current = connection;
  announceChange();
  return connection;
}

export function currentRealtime(): RealtimeConnection | null {
  return current;
}

const changeListeners = new Set<() => void>();
function announceChange() {
  queueMicrotask(() => changeListeners.forEach((listener) => listener()));
}

export function onRealtimeChange(listener: () => void): () => void {
  changeListeners.add(listener);
  return () => changeListeners.delete(listener);
}

export function disconnectRealtime() {
  if (!current) return;
  current = null;
  signature = '';
  fakeRealtime.settings = null;
  fakeRealtime.disconnects += 1;
  fakeRealtime.listeners = [];
  announceChange();
}

/** Forgets every connection and counter (between tests). */
export function resetFakeRealtime() {
  current = null;
  signature = '';
  fakeRealtime.reset();
}
