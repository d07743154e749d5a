import { afterEach, describe, expect, it, vi } from 'vitest';

import type { ConnectionState, RealtimeConnection, RealtimeSettings } from '@/lib/echo';

// The real lifecycle (setup.ts swaps in a fake for component tests) over a
// stand-in for the lazily loaded pusher-js client.
const client = vi.hoisted(() => ({
  opened: [] as { settings: unknown; listeners: string[]; closed: boolean; setState(state: string): void }[],
  failNext: false,
}));

vi.mock('@/lib/echo-client', () => ({
  openEcho(settings: RealtimeSettings) {
    if (client.failNext) throw new Error('chunk failed to load');
    let state: ConnectionState = 'connecting';
    const stateListeners = new Set<(state: ConnectionState) => void>();
    const record = {
      settings,
      listeners: [] as string[],
      closed: false,
      setState(next: ConnectionState) {
        state = next;
        stateListeners.forEach((listener) => listener(next));
      },
    };
    client.opened.push(record);
    const connection: RealtimeConnection = {
      listenPrivate(channel, event) {
        const name = `${channel} ${event}`;
        record.listeners.push(name);
        return () => {
          record.listeners = record.listeners.filter((item) => item !== name);
        };
      },
      listenPublic: () => () => undefined,
      joinPresence: () => () => undefined,
      state: () => state,
      reconnect: () => undefined,
      onStateChange(callback) {
        stateListeners.add(callback);
        return () => stateListeners.delete(callback);
      },
    };
    return { connection, close: () => (record.closed = true) };
  },
}));

vi.unmock('@/lib/echo');
const { connectRealtime, currentRealtime, disconnectRealtime } = await import('@/lib/echo');

const settings: RealtimeSettings = { key: 'k', cluster: 'mt1', forceTLS: false, token: 'one' };

afterEach(() => {
  disconnectRealtime();
  client.opened = [];
  client.failNext = false;
});

describe('lib/echo: the one realtime connection, loaded after first paint', () => {
  it('opens Echo only after the paint, then applies what was asked meanwhile', async () => {
    const connection = connectRealtime(settings);
    const states: ConnectionState[] = [];
    connection.onStateChange((state) => states.push(state));
    connection.listenPrivate('user.5', '.user.updated', () => undefined);
    expect(client.opened).toHaveLength(0);
    expect(connection.state()).toBe('initialized');

    await vi.waitFor(() => expect(client.opened).toHaveLength(1));
    const [echo] = client.opened;
    expect(echo?.settings).toEqual(settings);
    await vi.waitFor(() => expect(echo?.listeners).toEqual(['user.5 .user.updated']));
    expect(connection.state()).toBe('connecting');
    echo?.setState('connected');
    expect(states).toEqual(['connecting', 'connected']);
  });

  it('keeps one Echo while the settings are unchanged and replaces it when the token changes', async () => {
    const first = connectRealtime(settings);
    expect(connectRealtime({ ...settings })).toBe(first);
    expect(currentRealtime()).toBe(first);
    await vi.waitFor(() => expect(client.opened).toHaveLength(1));

    const second = connectRealtime({ ...settings, token: 'two' });
    expect(second).not.toBe(first);
    expect(client.opened[0]?.closed).toBe(true);
    await vi.waitFor(() => expect(client.opened).toHaveLength(2));
    expect(client.opened[1]?.settings).toMatchObject({ token: 'two' });
  });

  it('never subscribes what was undone before the client loaded', async () => {
    const connection = connectRealtime(settings);
    const stop = connection.listenPrivate('user.5', '.user.updated', () => undefined);
    connection.listenPrivate('user.5', '.user.message.sent', () => undefined);
    stop();
    await vi.waitFor(() => expect(client.opened[0]?.listeners).toEqual(['user.5 .user.message.sent']));
  });

  it('opens nothing for a session that logged out while the client was loading', async () => {
    connectRealtime(settings);
    disconnectRealtime();
    expect(currentRealtime()).toBeNull();
    connectRealtime({ ...settings, token: 'next' });
    await vi.waitFor(() => expect(client.opened).toHaveLength(1));
    expect(client.opened[0]?.settings).toMatchObject({ token: 'next' });
  });

  it('reports failed when the client cannot be loaded', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    client.failNext = true;
    const connection = connectRealtime(settings);
    const states: ConnectionState[] = [];
    connection.onStateChange((state) => states.push(state));
    await vi.waitFor(() => expect(states).toEqual(['failed']));
    expect(connection.state()).toBe('failed');
  });
});
