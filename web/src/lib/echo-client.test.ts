import { describe, expect, it, vi } from 'vitest';

import Pusher from 'pusher-js';

import { echoOptions, openEcho } from '@/lib/echo-client';

describe('lib/echo-client options (docs/spec.md §7)', () => {
  it('configures pusher with ws/wss only, no stats, bearer auth to /api/broadcasting/auth', () => {
    const options = echoOptions({ key: 'k', cluster: '', wsHost: '', wsPort: 8080, wssPort: 443, forceTLS: false, token: 'tok' });
    expect(options).toMatchObject({
      broadcaster: 'pusher',
      key: 'k',
      cluster: 'mt1',
      wsHost: window.location.hostname,
      wsPort: 8080,
      wssPort: 443,
      forceTLS: false,
      enabledTransports: ['ws', 'wss'],
      disableStats: true,
      authEndpoint: '/api/broadcasting/auth',
      auth: { headers: { Authorization: 'Bearer tok' } },
      userAuthentication: { endpoint: '/api/broadcasting/user-auth', headers: { Authorization: 'Bearer tok' } },
    });
    expect(typeof options.Pusher).toBe('function');
  });

  it('signs the socket in as its user once it opens', () => {
    const signin = vi.spyOn(Pusher.prototype, 'signin').mockImplementation(() => {});
    const opened = openEcho({ key: 'k', cluster: 'mt1', wsHost: '127.0.0.1', wsPort: 1, forceTLS: false, token: 'tok' });
    try {
      expect(signin).toHaveBeenCalledTimes(1);
    } finally {
      opened.close();
      signin.mockRestore();
    }
  });

  it('forces TLS on https pages', () => {
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, protocol: 'https:' });
    expect(echoOptions({ key: 'k', cluster: 'mt1', forceTLS: false, token: 't' }).forceTLS).toBe(true);
  });
});
