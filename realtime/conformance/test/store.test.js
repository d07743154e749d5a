// Store conformance: the real `topup serve` binary with a fresh
// database, a customer signed in through POST /api/login, and the unchanged
// pusher-js and laravel-echo authorising through /api/broadcasting/auth.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import Echo from 'laravel-echo';
import { once, sleep } from './helpers.js';
import { startStore, storeClient, waitFor } from './store-helpers.js';

const CUSTOMER = { phone: '09123456789', password: 'customer123', wallet: 50000 };
const ADMIN = { phone: '09000000001', password: 'admin123' };

let store;
const clients = [];
function client(token) {
  const c = storeClient(store, token);
  clients.push(c);
  return c;
}

before(async () => { store = await startStore(); });
after(async () => {
  for (const c of clients) c.disconnect();
  if (store) await store.stop();
});

test('a code purchase pushes user.updated with the new balance and user.message.sent with the code', async () => {
  const { token, user } = await store.login(CUSTOMER.phone, CUSTOMER.password);
  assert.equal(user.wallet_amount, CUSTOMER.wallet);
  const products = await store.api('GET', '/api/products?game_slug=steam-wallet');
  assert.equal(products.status, 200);
  const product = products.json.data.data.find((p) => p.service.kind === 'code' && !p.is_sold && p.price + 50 <= CUSTOMER.wallet);
  assert.ok(product, 'a code product the demo wallet can pay for');

  const pusher = client(token);
  const channel = pusher.subscribe(`private-user.${user.id}`);
  await waitFor(channel, 'pusher:subscription_succeeded');
  const walletEvent = waitFor(channel, 'user.updated', (e) => e.updateType === 'wallet');
  const messageEvent = waitFor(channel, 'user.message.sent');

  const order = await store.api('POST', '/api/order', {
    token, body: { product_id: product.id, game_uid: '', server_id: '' }, headers: { 'Idempotency-Key': 'conformance-1' },
  });
  assert.equal(order.status, 201, order.text);
  assert.equal(order.json.success, true);
  assert.equal(order.json.credentials, null);
  assert.match(order.json.code, /^[2-9A-HJ-NP-Z]{5}-[2-9A-HJ-NP-Z]{5}-[2-9A-HJ-NP-Z]{5}$/); // a seeded gift-card code
  assert.equal(order.json.order.payment_status, 'completed');
  const balance = CUSTOMER.wallet - product.price - 50;

  const updated = await walletEvent;
  assert.equal(updated.user.id, user.id);
  assert.equal(updated.user.wallet_amount, balance);

  const message = await messageEvent;
  assert.equal(message.title, order.json.code);
  assert.equal(message.user_id, user.id);
  assert.equal(message.is_read, false);
  assert.equal(typeof message.id, 'number');
  assert.ok(message.body.length > 0);
  assert.ok(!Number.isNaN(Date.parse(message.created_at)));
  assert.equal(message.product.service.name.toLowerCase(), 'code');

  // The replay charges nothing and answers the same.
  const again = await store.api('POST', '/api/order', {
    token, body: { product_id: product.id, game_uid: '', server_id: '' }, headers: { 'Idempotency-Key': 'conformance-1' },
  });
  assert.equal(again.status, 201);
  assert.equal(again.text, order.text);
  const me = await store.api('GET', `/api/user/${user.id}`, { token });
  assert.equal(me.json.data.wallet_amount, balance);

  // The message list holds the same message.
  const list = await store.api('GET', `/api/message/${user.id}`, { token });
  assert.equal(list.status, 200);
  assert.equal(list.json.messages[0].id, message.id);
  assert.equal(list.json.messages[0].title, order.json.code);
  pusher.unsubscribe(`private-user.${user.id}`);
});

test('an admin message is pushed live as user.message.sent', async () => {
  const customer = await store.login(CUSTOMER.phone, CUSTOMER.password);
  const admin = await store.login(ADMIN.phone, ADMIN.password);
  const pusher = client(customer.token);
  const channel = pusher.subscribe(`private-user.${customer.user.id}`);
  await waitFor(channel, 'pusher:subscription_succeeded');
  const got = waitFor(channel, 'user.message.sent', (m) => m.title === 'Hello from the shop');
  const sent = await store.api('POST', `/api/messages/user/${customer.user.id}`, {
    token: admin.token, body: { title: 'Hello from the shop', body: 'Your order is on its way.' },
  });
  assert.equal(sent.status, 201, sent.text);
  const m = await got;
  assert.equal(m.body, 'Your order is on its way.');
  assert.equal(m.id, sent.json.data.id);
});

test('laravel-echo: private-user.{own} subscribes, private-user.{other} is refused by /api/broadcasting/auth', async () => {
  const customer = await store.login(CUSTOMER.phone, CUSTOMER.password);
  const admin = await store.login(ADMIN.phone, ADMIN.password);
  assert.notEqual(customer.user.id, admin.user.id);
  const echo = new Echo({ broadcaster: 'pusher', client: client(customer.token) });

  const own = await new Promise((resolve) => {
    echo.private(`user.${customer.user.id}`)
      .subscribed(() => resolve('subscribed'))
      .error((e) => resolve({ error: e }));
  });
  assert.equal(own, 'subscribed');

  const other = await new Promise((resolve) => {
    echo.private(`user.${admin.user.id}`)
      .subscribed(() => resolve('subscribed'))
      .error((e) => resolve({ error: e }));
  });
  assert.notEqual(other, 'subscribed');
  assert.equal(other.error.status, 403);
  echo.disconnect();
});

test('topup trigger delivers through the signed HTTP API to a subscribed pusher-js client', async () => {
  const pusher = client();
  const channel = pusher.subscribe('trigger-conformance');
  await waitFor(channel, 'pusher:subscription_succeeded');
  const received = waitFor(channel, 'job.done');
  store.trigger(['--channel', 'trigger-conformance', '--event', 'job.done', '--data', '{"batch":7,"ok":true}']);
  assert.deepEqual(await received, { batch: 7, ok: true });
});

// Last: it bans the demo customer (and lifts the ban afterwards).
test('a ban closes the banned user\'s signed-in socket after the ban event, and pusher-js stays off', async () => {
  const { token, user } = await store.login(CUSTOMER.phone, CUSTOMER.password);
  const admin = await store.login(ADMIN.phone, ADMIN.password);
  const pusher = client(token);
  pusher.signin();
  await pusher.user.signinDonePromise;
  const channel = pusher.subscribe(`private-user.${user.id}`);
  await waitFor(channel, 'pusher:subscription_succeeded');
  const banEvent = waitFor(channel, 'user.updated', (e) => e.updateType === 'ban');
  const closed = once(pusher.connection, 'error', 15000);

  const ban = await store.api('POST', `/api/admin/users/${user.id}/ban`, { token: admin.token, body: { reason: 'conformance' } });
  assert.equal(ban.status, 200, ban.text);
  await banEvent; // the outbox sends the ban's user.updated before the terminate
  const err = await closed;
  assert.equal((err.data ?? err.error?.data).code, 4009);
  await sleep(500);
  assert.notEqual(pusher.connection.state, 'connected');

  const unban = await store.api('POST', `/api/admin/users/${user.id}/unban`, { token: admin.token, body: { reason: 'conformance done' } });
  assert.equal(unban.status, 200, unban.text);
});
