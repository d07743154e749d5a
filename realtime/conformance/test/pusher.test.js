// Conformance: the unchanged pusher-js 8 and laravel-echo 2 against our server.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import Echo from 'laravel-echo';
import PusherServer from 'pusher';
import { startServer, newClient, once, connected, sleep, APP } from './helpers.js';

let srv;
const clients = [];
function client(opts) {
  const c = newClient(srv, opts);
  clients.push(c);
  return c;
}

before(async () => { srv = await startServer(); });
after(async () => {
  for (const c of clients) c.disconnect();
  await srv.stop();
});

test('connects and gets a Pusher socket id', async () => {
  const c = client();
  await connected(c);
  assert.match(c.connection.socket_id, /^\d+\.\d+$/);
  assert.equal(c.connection.activityTimeout, 120000);
});

test('unknown app key is refused with 4001 and not retried', async () => {
  const c = client({ key: 'no-such-key' });
  const err = await once(c.connection, 'error');
  assert.equal(err.error.data.code, 4001);
  await sleep(1500); // pusher-js would retry within a second if it were told to
  assert.equal(c.connection.state, 'disconnected');
});

test('public channel: subscribe and receive an event', async () => {
  const c = client();
  const ch = c.subscribe('news');
  await once(ch, 'pusher:subscription_succeeded');
  const got = once(ch, 'posted');
  await srv.publish(['news'], 'posted', { hello: 'world' });
  assert.deepEqual(await got, { hello: 'world' });
});

test('private channel: authorized with the server SDK', async () => {
  const c = client();
  const ch = c.subscribe('private-orders.1');
  await once(ch, 'pusher:subscription_succeeded');
  const got = once(ch, 'order.updated');
  await srv.publish(['private-orders.1'], 'order.updated', { id: 7 });
  assert.deepEqual(await got, { id: 7 });
});

test('private channel: a bad signature gives pusher:subscription_error', async () => {
  const c = client({ badAuth: true });
  const ch = c.subscribe('private-nope');
  const err = await once(ch, 'pusher:subscription_error');
  assert.equal(err.status, 401);
  assert.equal(err.type, 'AuthError');
});

test('socket_id exclusion (toOthers)', async () => {
  const a = client();
  const b = client();
  const cha = a.subscribe('room');
  const chb = b.subscribe('room');
  await Promise.all([once(cha, 'pusher:subscription_succeeded'), once(chb, 'pusher:subscription_succeeded')]);
  let aGot = 0;
  cha.bind('e', () => { aGot++; });
  const got = once(chb, 'e');
  await srv.publish(['room'], 'e', {}, a.connection.socket_id);
  await got;
  await sleep(100);
  assert.equal(aGot, 0);
});

test('presence: members, two tabs of one user, joins and leaves', async () => {
  const watcher = client({ user: { user_id: 'w', user_info: { name: 'Watcher' } } });
  const wch = watcher.subscribe('presence-lobby');
  const members = await once(wch, 'pusher:subscription_succeeded');
  assert.equal(members.count, 1);
  assert.equal(members.me.id, 'w');

  const added = once(wch, 'pusher:member_added');
  const tab1 = client({ user: { user_id: 5, user_info: { name: 'Su' } } });
  const t1 = tab1.subscribe('presence-lobby');
  const m1 = await once(t1, 'pusher:subscription_succeeded');
  assert.equal(m1.count, 2);
  const member = await added;
  assert.equal(member.id, '5');
  assert.deepEqual(member.info, { name: 'Su' });

  let extraAdds = 0;
  let removes = 0;
  wch.bind('pusher:member_added', () => { extraAdds++; });
  wch.bind('pusher:member_removed', () => { removes++; });
  const tab2 = client({ user: { user_id: 5, user_info: { name: 'Su' } } });
  const t2 = tab2.subscribe('presence-lobby');
  const m2 = await once(t2, 'pusher:subscription_succeeded');
  assert.equal(m2.count, 2, 'two tabs are one member');

  tab2.disconnect();
  await sleep(200);
  assert.equal(removes, 0, 'closing one tab keeps the member');
  const removed = once(wch, 'pusher:member_removed');
  tab1.unsubscribe('presence-lobby');
  assert.equal((await removed).id, '5');
  assert.equal(extraAdds, 0);
  assert.equal(wch.members.count, 1);
});

test('encrypted channel: the server passes the ciphertext through', async () => {
  const c = client();
  const ch = c.subscribe('private-encrypted-vault');
  await once(ch, 'pusher:subscription_succeeded');
  // The pusher SDK encrypts (nacl secretbox, shared secret from the master
  // key and channel name); pusher-js decrypts what the server relays.
  const got = once(ch, 'code.delivered');
  await srv.sdk.trigger('private-encrypted-vault', 'code.delivered', { pin: '1234' });
  assert.deepEqual(await got, { pin: '1234' });
});

test('client events: delivered to others, not echoed, user_id on presence', async () => {
  const a = client({ user: { user_id: 'a' } });
  const b = client({ user: { user_id: 'b' } });
  const cha = a.subscribe('private-chat');
  const chb = b.subscribe('private-chat');
  await Promise.all([once(cha, 'pusher:subscription_succeeded'), once(chb, 'pusher:subscription_succeeded')]);
  let echoed = 0;
  cha.bind('client-typing', () => { echoed++; });
  const got = once(chb, 'client-typing');
  assert.equal(cha.trigger('client-typing', { who: 'a' }), true);
  assert.deepEqual(await got, { who: 'a' });

  const pa = a.subscribe('presence-chat');
  const pb = b.subscribe('presence-chat');
  await Promise.all([once(pa, 'pusher:subscription_succeeded'), once(pb, 'pusher:subscription_succeeded')]);
  const withMeta = new Promise((resolve) => pb.bind('client-wave', (data, meta) => resolve({ data, meta })));
  pa.trigger('client-wave', { hi: 1 });
  const { data, meta } = await withMeta;
  assert.deepEqual(data, { hi: 1 });
  assert.equal(meta.user_id, 'a');
  await sleep(100);
  assert.equal(echoed, 0);
});

test('signin: user authentication and send-to-user', async () => {
  const c = client({ user: { user_id: '42', user_info: {} } });
  await connected(c);
  c.signin();
  await c.user.signinDonePromise;
  assert.equal(c.user.user_data.id, '42');
  // pusher-js subscribes to #server-to-user-42 after signin_success.
  for (let i = 0; i < 100 && !c.user.serverToUserChannel?.subscribed; i++) await sleep(20);
  assert.ok(c.user.serverToUserChannel.subscribed);
  const got = once(c.user, 'wallet.credited');
  await srv.sdk.sendToUser('42', 'wallet.credited', { amount: 5000 });
  assert.deepEqual(await got, { amount: 5000 });
});

test("laravel-echo: private('user.1').listen('.user.updated') receives a published event", async () => {
  const pusher = client({ user: { user_id: '1' } });
  const echo = new Echo({ broadcaster: 'pusher', client: pusher });
  const got = new Promise((resolve) => {
    echo.private('user.1').listen('.user.updated', resolve);
  });
  await once(pusher.channel('private-user.1'), 'pusher:subscription_succeeded').catch(() => {});
  await srv.publish(['private-user.1'], 'user.updated', { updateType: 'wallet', user: { id: 1, wallet_amount: 2000 } });
  const e = await got;
  assert.equal(e.updateType, 'wallet');
  assert.equal(e.user.wallet_amount, 2000);
  // toOthers(): Echo exposes the socket id the server must exclude.
  assert.equal(echo.socketId(), pusher.connection.socket_id);
  echo.leave('user.1');
});

test('laravel-echo: presence here/joining/leaving and whispers', async () => {
  const p1 = client({ user: { user_id: 'u1', user_info: { name: 'One' } } });
  const p2 = client({ user: { user_id: 'u2', user_info: { name: 'Two' } } });
  const e1 = new Echo({ broadcaster: 'pusher', client: p1 });
  const e2 = new Echo({ broadcaster: 'pusher', client: p2 });
  const here = new Promise((resolve) => e1.join('admins').here(resolve));
  assert.deepEqual(await here, [{ name: 'One' }]);
  const joining = new Promise((resolve) => e1.join('admins').joining(resolve));
  const leaving = new Promise((resolve) => e1.join('admins').leaving(resolve));
  const whisper = new Promise((resolve) => e1.join('admins').listenForWhisper('typing', resolve));
  const here2 = new Promise((resolve) => e2.join('admins').here(resolve));
  assert.equal((await here2).length, 2);
  assert.deepEqual(await joining, { name: 'Two' });
  e2.join('admins').whisper('typing', { name: 'Two' });
  assert.deepEqual(await whisper, { name: 'Two' });
  e2.leave('admins');
  assert.deepEqual(await leaving, { name: 'Two' });
});

test('cache channel: last event replayed to a new subscriber', async () => {
  const a = client();
  const ch = a.subscribe('cache-rates');
  await once(ch, 'pusher:cache_miss');
  await srv.publish(['cache-rates'], 'rate', { mmk: 4200 });
  const b = client();
  const chb = b.subscribe('cache-rates');
  assert.deepEqual(await once(chb, 'rate'), { mmk: 4200 });
});

test('unknown app id in the HTTP API is refused with 404', async () => {
  const other = new PusherServer({ appId: 'nope', key: APP.key, secret: APP.secret, host: '127.0.0.1', port: String(srv.port), useTLS: false });
  await assert.rejects(other.trigger('x', 'e', {}), (err) => err.status === 404);
});
