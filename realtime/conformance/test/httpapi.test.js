// Conformance: the HTTP API driven by the `pusher` npm package (the Node
// server SDK, pusher-http-node 5), as a Laravel-style backend calls it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import PusherServer from 'pusher';
import { startServer, newClient, once, connected, sleep, APP } from './helpers.js';

let srv;
const clients = [];
function client(opts) {
  const c = newClient(srv, opts);
  clients.push(c);
  return c;
}
function sdk(overrides = {}) {
  return new PusherServer({
    appId: APP.id, key: APP.key, secret: APP.secret,
    host: '127.0.0.1', port: String(srv.port), useTLS: false, ...overrides,
  });
}
async function subscribed(c, name) {
  const ch = c.subscribe(name);
  await once(ch, 'pusher:subscription_succeeded');
  return ch;
}
// rejects asserts a RequestError with status (and a body matching re).
async function rejects(promise, status, re) {
  await assert.rejects(promise, (err) => {
    assert.equal(err.status, status, `status ${err.status}: ${err.body}`);
    if (re) assert.match(err.body, re);
    return true;
  });
}
// raw sends a request signed by the SDK for signedBody, with body on the wire.
function raw(method, path, signedBody, body = signedBody) {
  const full = `/apps/${APP.id}${path}`;
  const qs = srv.sdk.createSignedQueryString({ method, path: full, body: signedBody });
  return fetch(`http://127.0.0.1:${srv.port}${full}?${qs}`, {
    method, body, headers: body ? { 'content-type': 'application/json' } : {},
  });
}

before(async () => { srv = await startServer(); });
after(async () => {
  for (const c of clients) c.disconnect();
  await srv.stop();
});

test('trigger to one and to many channels', async () => {
  const c = client();
  const a = await subscribed(c, 'api-a');
  const b = await subscribed(c, 'api-b');
  const one = once(a, 'one');
  const res = await srv.sdk.trigger('api-a', 'one', { n: 1 });
  assert.equal(res.status, 200);
  assert.deepEqual(await res.json(), {});
  assert.deepEqual(await one, { n: 1 });

  const gotA = once(a, 'many');
  const gotB = once(b, 'many');
  await srv.sdk.trigger(['api-a', 'api-b'], 'many', 'text');
  assert.equal(await gotA, 'text');
  assert.equal(await gotB, 'text');
});

test("socket_id exclusion skips the sender's socket", async () => {
  const x = client();
  const y = client();
  const cx = await subscribed(x, 'api-room');
  const cy = await subscribed(y, 'api-room');
  let xGot = 0;
  cx.bind('e', () => { xGot++; });
  const got = once(cy, 'e');
  await srv.sdk.trigger('api-room', 'e', {}, { socket_id: x.connection.socket_id });
  await got;
  // A second, unexcluded event reaches x: had the first been queued, it
  // would have arrived before this one.
  const next = once(cx, 'after');
  await srv.sdk.trigger('api-room', 'after', {});
  await next;
  assert.equal(xGot, 0);
});

test('batch events, with info answers index-aligned', async () => {
  const c = client();
  const ch = await subscribed(c, 'api-batch');
  const e1 = once(ch, 'b1');
  const e2 = once(ch, 'b2');
  const res = await srv.sdk.triggerBatch([
    { channel: 'api-batch', name: 'b1', data: { i: 1 }, info: 'subscription_count' },
    { channel: 'api-batch', name: 'b2', data: { i: 2 } },
  ]);
  assert.deepEqual(await res.json(), { batch: [{ subscription_count: 1 }, {}] });
  assert.deepEqual(await e1, { i: 1 });
  assert.deepEqual(await e2, { i: 2 });
});

test('channel lists and info, with presence user counts, and users', async () => {
  const tab1 = client({ user: { user_id: 'p1', user_info: {} } });
  const tab2 = client({ user: { user_id: 'p1', user_info: {} } });
  const other = client({ user: { user_id: 'p2', user_info: {} } });
  await Promise.all([tab1, tab2, other].map((c) => subscribed(c, 'presence-api')));
  await subscribed(other, 'api-listed');

  const trig = await srv.sdk.trigger('presence-api', 'e', {}, { info: 'user_count,subscription_count' });
  assert.deepEqual(await trig.json(), { channels: { 'presence-api': { user_count: 2, subscription_count: 3 } } });

  const list = await (await srv.sdk.get({ path: '/channels', params: { filter_by_prefix: 'presence-', info: 'user_count' } })).json();
  assert.deepEqual(list, { channels: { 'presence-api': { user_count: 2 } } });
  const all = await (await srv.sdk.get({ path: '/channels' })).json();
  assert.ok(all.channels['api-listed']);
  assert.ok(all.channels['presence-api']);
  await rejects(srv.sdk.get({ path: '/channels', params: { info: 'user_count' } }), 400);

  const info = await (await srv.sdk.get({ path: '/channels/presence-api', params: { info: 'user_count,subscription_count' } })).json();
  assert.deepEqual(info, { occupied: true, user_count: 2, subscription_count: 3 });
  const empty = await (await srv.sdk.get({ path: '/channels/api-nobody' })).json();
  assert.deepEqual(empty, { occupied: false });
  await rejects(srv.sdk.get({ path: '/channels/api-listed', params: { info: 'user_count' } }), 400);

  // Members come in join order, and the three tabs joined concurrently.
  const users = await (await srv.sdk.get({ path: '/channels/presence-api/users' })).json();
  users.users.sort((a, b) => a.id.localeCompare(b.id));
  assert.deepEqual(users, { users: [{ id: 'p1' }, { id: 'p2' }] });
  await rejects(srv.sdk.get({ path: '/channels/api-listed/users' }), 400);
});

test('terminateUserConnections closes a signed-in user\'s sockets', async () => {
  const victim = client({ user: { user_id: 'term-1', user_info: {} } });
  const bystander = client({ user: { user_id: 'term-2', user_info: {} } });
  for (const c of [victim, bystander]) {
    await connected(c);
    c.signin();
    await c.user.signinDonePromise;
  }
  const closed = once(victim.connection, 'error');
  const res = await srv.sdk.terminateUserConnections('term-1');
  assert.equal(res.status, 200);
  const err = await closed;
  // The close code, as pusher-js reports it; 4000-4099 means "do not retry".
  assert.equal((err.data ?? err.error?.data).code, 4009);
  await sleep(200);
  assert.notEqual(victim.connection.state, 'connected');
  assert.equal(bystander.connection.state, 'connected');
});

test('rejections: bad key, bad signature, stale timestamp, wrong body_md5', async () => {
  await rejects(sdk({ key: 'not-the-key' }).trigger('c', 'e', {}), 401, /auth_key/);
  await rejects(sdk({ secret: 'not-the-secret' }).trigger('c', 'e', {}), 401, /Invalid signature/);

  // The SDK stamps auth_timestamp from Date.now(): an hour-old clock makes
  // a stale request signed exactly as the SDK signs.
  const now = Date.now;
  Date.now = () => now() - 3600 * 1000;
  try {
    await rejects(srv.sdk.trigger('c', 'e', {}), 401, /Timestamp expired/);
  } finally {
    Date.now = now;
  }

  const body = JSON.stringify({ name: 'e', channels: ['c'], data: '{}' });
  const tampered = JSON.stringify({ name: 'e', channels: ['c'], data: '{"x":1}' });
  const res = await raw('POST', '/events', body, tampered);
  assert.equal(res.status, 401);
  assert.match(await res.text(), /body_md5/);
  assert.equal((await raw('POST', '/events', body)).status, 200);
});

test('rejections: 10 KB + 1 byte, 101 channels, 11 batch events, bad channel names', async () => {
  await srv.sdk.trigger('c', 'e', 'x'.repeat(10240));
  await rejects(srv.sdk.trigger('c', 'e', 'x'.repeat(10241)), 413);

  const channels = Array.from({ length: 101 }, (_, i) => `c${i}`);
  assert.throws(() => srv.sdk.trigger(channels, 'e', {}), /100 channels/); // the SDK itself refuses
  await rejects(srv.sdk.post({ path: '/events', body: { name: 'e', channels, data: '{}' } }), 400, /Too many channels/);
  await srv.sdk.trigger(channels.slice(0, 100), 'e', {});

  const batch = Array.from({ length: 11 }, () => ({ channel: 'c', name: 'e', data: {} }));
  await rejects(srv.sdk.triggerBatch(batch), 400, /Batch too large/);
  await srv.sdk.triggerBatch(batch.slice(0, 10));

  assert.throws(() => srv.sdk.trigger('bad name', 'e', {}), /Invalid channel name/);
  for (const name of ['bad name', 'slash/y', 'x'.repeat(201), 'ünï']) {
    await rejects(srv.sdk.post({ path: '/events', body: { name: 'e', channel: name, data: '{}' } }), 400, /Invalid channel name/);
  }
  await rejects(srv.sdk.triggerBatch([{ channel: 'bad name', name: 'e', data: {} }]), 400);
});

test('/metrics counts HTTP API answers by status', async () => {
  const text = await (await fetch(`http://127.0.0.1:${srv.port}/metrics`)).text();
  assert.match(text, /realtime_http_api_requests_total\{code="200"\} \d+/);
  assert.match(text, /realtime_http_api_requests_total\{code="401"\} \d+/);
  assert.match(text, /realtime_connections \d+/);
  // md5 helper kept honest: the SDK's body_md5 is the hex MD5 of the body.
  assert.equal(createHash('md5').update('{}').digest('hex'), '99914b932bd37a50b983c5e7c90ae93b');
});
