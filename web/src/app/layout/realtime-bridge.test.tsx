import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, onTestFinished } from 'vitest';

import { getSession } from '@/lib/session';
import { fakeRealtime } from '@/testing/fake-echo';
import { mockUsers } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { renderApp, signInAs } from '@/testing/test-utils';

describe('live updates and logout', () => {
  it('subscribes to private user.{id} with the bearer token and config, and applies .user.updated', async () => {
    signInAs({ id: 5, wallet_amount: 1000 });
    renderApp('/home');
    const balance = await screen.findByRole('status', { name: 'Balance' });
    await waitFor(() =>
      expect(fakeRealtime.listeners.map((item) => `${item.channel} ${item.event}`).filter((name) => !name.startsWith('admin-status '))).toEqual([
        'user.5 .user.updated',
        'user.5 .user.message.sent',
        'user.5 .order.updated',
        'user.5 .topup.updated',
        'user.5 .refund.updated',
      ]),
    );
    expect(fakeRealtime.settings).toEqual({ key: 'app-key', cluster: 'mt1', wsHost: 'localhost', wsPort: 8080, wssPort: 443, forceTLS: false, token: 'test-token' });
    expect(fakeRealtime.connects).toBe(1);

    act(() => fakeRealtime.emit('user.5', '.user.updated', { updateType: 'wallet', user: { id: 5, wallet_amount: 25000 } }));
    expect(balance).toHaveTextContent('25,000 Ks');
    expect(getSession().user?.wallet_amount).toBe(25000);
    // Another user's record on this channel is ignored.
    act(() => fakeRealtime.emit('user.5', '.user.updated', { user: { id: 6, wallet_amount: 1 } }));
    expect(balance).toHaveTextContent('25,000 Ks');
  });

  it('refetches the refund requests on .refund.updated, so an order shows its decision live', async () => {
    let fetches = 0;
    const count = ({ request }: { request: Request }) => {
      if (new URL(request.url).pathname === '/api/refunds') fetches++;
    };
    server.events.on('request:start', count);
    onTestFinished(() => server.events.removeListener('request:start', count));
    signInAs({ id: 5, username: 'aungaung' });
    const order = { id: 41, product: { id: 3, name: '325 UC', service: { name: 'Top Up' } }, product_kind: 'coin', game_name: 'PUBG', price: 5000,
      service_charge: 50, total_price: 5050, payment_status: 'pending', game_uid: '1', server_id: '', fail_reason: null, meta: null,
      created_at: new Date().toISOString(), completed_at: null };
    server.use(http.get('*/api/orders', () => HttpResponse.json({ success: true, data: { data: [order], current_page: 1, last_page: 1, per_page: 10, total: 1 } })));
    renderApp('/aungaung');
    await waitFor(() => expect(fetches).toBeGreaterThan(0));
    const before = fetches;
    act(() => fakeRealtime.emit('user.5', '.refund.updated', { refund: { id: 9, order_id: 41, status: 'approved' } }));
    await waitFor(() => expect(fetches).toBeGreaterThan(before));
  });

  it('after the server closes the socket (one of the sessions ended), reconnects if this session still works and signs out if not', async () => {
    signInAs({ id: 5 });
    renderApp('/home');
    await waitFor(() => expect(fakeRealtime.connects).toBe(1));
    act(() => fakeRealtime.setState('disconnected'));
    await waitFor(() => expect(fakeRealtime.reconnects).toBe(1));
    expect(getSession().token).toBe('test-token');

    server.use(http.get('*/api/user/:id', () => HttpResponse.json({ success: false, code: 'unauthenticated', message: 'Unauthenticated.' }, { status: 401 })));
    act(() => fakeRealtime.setState('disconnected'));
    await waitFor(() => expect(getSession().token).toBeUndefined());
    expect(fakeRealtime.reconnects).toBe(1);
  });

  it('checks a pushed balance with the server, so a late copy of an older event does not leave it stale', async () => {
    // Events are delivered at least once, and a copy held up by a node that died or lost the database arrives after newer ones.
    signInAs({ id: 5, wallet_amount: 1000 });
    renderApp('/home');
    const balance = await screen.findByRole('status', { name: 'Balance' });
    await waitFor(() => expect(fakeRealtime.listeners.length).toBeGreaterThan(0));
    mockUsers.set(5, { ...mockUsers.get(5)!, wallet_amount: 4000 });
    act(() => fakeRealtime.emit('user.5', '.user.updated', { updateType: 'wallet', user: { id: 5, wallet_amount: 9000 } }));
    await waitFor(() => expect(balance).toHaveTextContent('4,000 Ks'));
    expect(getSession().user?.wallet_amount).toBe(4000);
  });

  it('shows the connection state when the socket is unavailable', async () => {
    signInAs();
    renderApp('/home');
    await waitFor(() => expect(fakeRealtime.connects).toBe(1));
    expect(screen.queryByText(/Live updates unavailable/)).not.toBeInTheDocument();
    act(() => fakeRealtime.setState('unavailable'));
    expect(await screen.findByText('Live updates unavailable. Reconnecting…')).toBeInTheDocument();
    act(() => fakeRealtime.setState('connected'));
    expect(screen.queryByText(/Live updates unavailable/)).not.toBeInTheDocument();
  });

  it('refetches the user, messages, orders and top-ups after the socket comes back (events sent meanwhile are lost)', async () => {
    const requests: string[] = [];
    const record = ({ request }: { request: Request }) => {
      const { pathname } = new URL(request.url);
      if (/^\/api\/(user\/5|message\/5|orders|topup-orders)$/.test(pathname)) requests.push(pathname);
    };
    server.events.on('request:start', record);
    onTestFinished(() => server.events.removeListener('request:start', record));
    const reconnect = async () => {
      const before = requests.length;
      act(() => fakeRealtime.setState('unavailable'));
      act(() => fakeRealtime.setState('connecting'));
      act(() => fakeRealtime.setState('connected'));
      await act(() => Promise.resolve());
      return () => requests.slice(before).sort();
    };
    signInAs({ id: 5, username: 'aungaung', wallet_amount: 1000 });
    fakeRealtime.setState('initialized');
    const { router } = renderApp('/aungaung');
    const balance = await screen.findByRole('status', { name: 'Balance' });
    await waitFor(() => expect(new Set(requests)).toEqual(new Set(['/api/user/5', '/api/message/5', '/api/orders'])));
    // Every first fetch has started once the history has answered.
    expect(await screen.findByText('No orders yet.')).toBeInTheDocument();
    await waitFor(() => expect(fakeRealtime.stateListeners.size).toBeGreaterThan(0));
    // The first connection is not a reconnect.
    const first = requests.length;
    act(() => fakeRealtime.setState('connecting'));
    act(() => fakeRealtime.setState('connected'));
    act(() => fakeRealtime.setState('connected'));
    expect(requests).toHaveLength(first);

    mockUsers.set(5, { ...mockUsers.get(5)!, wallet_amount: 7000 });
    const onProfile = await reconnect();
    await waitFor(() => expect(onProfile()).toEqual(['/api/message/5', '/api/orders', '/api/user/5']));
    await waitFor(() => expect(balance).toHaveTextContent('7,000 Ks'));

    await act(() => router.navigate('/top-up'));
    await waitFor(() => expect(requests).toContain('/api/topup-orders'));
    const onTopUp = await reconnect();
    await waitFor(() => expect(onTopUp()).toEqual(['/api/message/5', '/api/topup-orders', '/api/user/5']));
  });

  it('logs out through the confirm, clears the cookies and tears the connection down', async () => {
    let release: () => void = () => undefined;
    server.use(
      http.post('*/api/logout', async () => {
        await new Promise<void>((resolve) => (release = resolve));
        return HttpResponse.json({ success: true });
      }),
    );
    signInAs({ username: 'aungaung' });
    const { user, router } = renderApp('/home');
    await waitFor(() => expect(fakeRealtime.connects).toBe(1));
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = screen.getByRole('navigation', { name: 'Menu' });
    expect(within(menu).getByText('aungaung')).toBeInTheDocument();
    expect(within(menu).getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Home',
      'Games Shop',
      'Top Up',
      'Wallet',
      'My orders',
      'Account Settings',
      'Support',
    ]);
    expect(within(menu).getByRole('link', { name: 'Account Settings' })).toHaveAttribute('href', '/aungaung');
    expect(within(menu).getByRole('link', { name: 'My orders' })).toHaveAttribute('href', '/aungaung');
    // Support is the shop's first configured channel (test config: Telegram).
    expect(within(menu).getByRole('link', { name: 'Support' })).toHaveAttribute('href', 'https://t.me/shwetopup');
    // The menu's button says what the dialog does.
    await user.click(within(menu).getByRole('button', { name: 'Log out' }));

    const confirm = await screen.findByRole('alertdialog', { name: 'Log out?' });
    expect(confirm).toHaveTextContent('Are you sure you want to log out of your account?');
    await user.click(within(confirm).getByRole('button', { name: 'Log out' }));
    expect(within(confirm).getByRole('button', { name: 'Logging out...' })).toBeDisabled();
    release();

    // One confirm, then straight to the login page: no 'Logout Successful' pop-up.
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(screen.queryByRole('dialog', { name: 'Logout Successful' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(getSession().token).toBeUndefined();
    expect(fakeRealtime.disconnects).toBe(fakeRealtime.connects);
    expect(fakeRealtime.listeners).toEqual([]);
  });

  it('shows Logout Failed with the Burmese advice when the call fails', async () => {
    server.use(http.post('*/api/logout', () => HttpResponse.json({ success: false }, { status: 500 })));
    signInAs();
    const { user } = renderApp('/home');
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    await user.click(screen.getByRole('button', { name: 'Log out' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Log out?' })).getByRole('button', { name: 'Log out' }));
    const failed = await screen.findByRole('alertdialog', { name: 'Logout Failed' });
    expect(failed).toHaveTextContent('@shwetopup');
    expect(failed).toHaveTextContent('Admin ကို ဆက်သွယ်ပါ');
    expect(getSession().token).toBe('test-token');
  });

  it('shows the signed-out menu', async () => {
    const { user } = renderApp('/login');
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    const menu = screen.getByRole('navigation', { name: 'Menu' });
    expect(within(menu).getAllByRole('link').map((link) => link.textContent)).toEqual(['Login', 'Register', 'Home', 'Support']);
    expect(fakeRealtime.connects).toBe(0);
  });
  it('says "+N Ks added" once when a top-up is confirmed live, though the event may come twice', async () => {
    signInAs({ id: 5, wallet_amount: 1000 });
    renderApp('/home');
    await waitFor(() => expect(fakeRealtime.listeners.length).toBeGreaterThan(0));
    const topup = { id: 12, amount: 10000, verification_amount: 300, total: 10300, payment_method: 'KBZPay', status: 'pending', reject_reason: null, created_at: new Date().toISOString(), decided_at: null };
    act(() => fakeRealtime.emit('user.5', '.topup.updated', { topup }));
    expect(screen.queryByTestId('credit-notice')).not.toBeInTheDocument();
    act(() => fakeRealtime.emit('user.5', '.topup.updated', { topup: { ...topup, status: 'confirmed' } }));
    const notice = await screen.findByTestId('credit-notice');
    expect(notice).toHaveTextContent('+10,300 Ks added to your wallet (top-up #12)');
    act(() => screen.getByRole('button', { name: 'Close' }).click());
    expect(screen.queryByTestId('credit-notice')).not.toBeInTheDocument();
    act(() => fakeRealtime.emit('user.5', '.topup.updated', { topup: { ...topup, status: 'confirmed' } }));
    expect(screen.queryByTestId('credit-notice')).not.toBeInTheDocument();
  });
});
