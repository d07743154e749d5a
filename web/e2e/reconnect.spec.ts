import { expect, test, type APIRequestContext, type WebSocketRoute } from './test';

import { applySession, newCustomer, registerByApi, type LoginBody } from './helpers';

// Events published while the socket is down are lost: when
// pusher-js reconnects, the app refetches what they could have changed. The
// socket goes through Playwright to the real server; the test cuts it, has
// an admin change the customer's wallet and send a message meanwhile, then
// lets it reconnect.

const ADMIN = { phone_number: '09000000001', password: 'admin123' };

test.use({ viewport: { width: 375, height: 812 } });

async function login(request: APIRequestContext, who: { phone_number: string; password: string }) {
  const response = await request.post('/api/login', { data: who });
  expect(response.ok(), await response.text()).toBeTruthy();
  return (await response.json()) as LoginBody & { user: { id: number; wallet_amount: number } };
}

async function asAdmin(request: APIRequestContext, token: string, path: string, data: unknown, headers: Record<string, string> = {}) {
  const response = await request.post(path, { headers: { Authorization: `Bearer ${token}`, ...headers }, data });
  expect(response.ok(), `${path}: ${await response.text()}`).toBeTruthy();
}

test('after the socket drops and comes back, the balance and a message sent meanwhile show without a reload', async ({ page, request }) => {
  // A customer of its own: the seeded one's balance is what store.spec,
  // running beside it in the other worker, counts on to the kyat.
  const fresh = newCustomer();
  await registerByApi(request, fresh);
  const customer = await login(request, { phone_number: fresh.phone_number, password: fresh.password });
  const admin = await login(request, ADMIN);
  const channel = `private-user.${customer.user.id}`;

  let down = false;
  let subscriptions = 0;
  const sockets: WebSocketRoute[] = [];
  await page.routeWebSocket(/\/app\//, (ws) => {
    if (down) {
      void ws.close({ code: 1001, reason: 'server unreachable' });
      return;
    }
    const server = ws.connectToServer();
    server.onMessage((message) => {
      const text = message.toString();
      if (text.includes('pusher_internal:subscription_succeeded') && text.includes(channel)) subscriptions += 1;
      ws.send(message);
    });
    sockets.push(ws);
  });

  await applySession(page, customer);
  await page.goto('/home');
  const balance = page.getByRole('status', { name: 'Balance' });
  const before = customer.user.wallet_amount;
  await expect(balance).toContainText(`${before.toLocaleString('en-US')} Ks`);
  await expect.poll(() => subscriptions, { timeout: 15_000 }).toBe(1);

  // The connection drops; pusher-js keeps retrying and is refused.
  down = true;
  await Promise.all(sockets.map((socket) => socket.close({ code: 1001, reason: 'gone' })));
  const title = `Reconnect check ${Date.now()}`;
  await asAdmin(request, admin.token, `/api/admin/users/${customer.user.id}/wallet`, { amount: 1234, reason: 'e2e reconnect' }, { 'Idempotency-Key': title });
  await asAdmin(request, admin.token, `/api/messages/user/${customer.user.id}`, { title, body: 'Sent while the socket was down.' });
  await page.waitForTimeout(1500);
  // Their live events went nowhere.
  await expect(balance).toContainText(`${before.toLocaleString('en-US')} Ks`);

  down = false;
  await expect.poll(() => subscriptions, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
  await expect(balance).toContainText(`${(before + 1234).toLocaleString('en-US')} Ks`);
  await page.getByRole('button', { name: 'Open notifications (unread messages)' }).click();
  await expect(page.getByRole('dialog', { name: /^Notifications/ }).getByText(title)).toBeVisible();
});
