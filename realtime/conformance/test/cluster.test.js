// Cluster conformance: three server PROCESSES sharing one Redis,
// real pusher-js clients spread over them, the pusher SDK publishing
// through the signed HTTP API of one node. Redis is TEST_REDIS_URL, or a
// redis-server this file starts on a free loopback port.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import PusherServer from 'pusher';
import { newClient, once, connected, sleep, APP } from './helpers.js';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
// Heartbeat bound: a node silent for NODE_TTL is dead; a survivor notices
// within one more HEARTBEAT.
const HEARTBEAT_MS = 200;
const NODE_TTL_MS = 1000;
const prefix = `conf-${randomBytes(6).toString('hex')}:`;

let bin;
let redisURL;
let redisProc;
const nodes = [];
const clients = [];

function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

async function startRedis() {
  if (process.env.TEST_REDIS_URL) return process.env.TEST_REDIS_URL;
  const port = await freePort();
  redisProc = spawn('redis-server', ['--bind', '127.0.0.1', '--port', String(port), '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  await sleep(300);
  return `redis://127.0.0.1:${port}/0`;
}

// startNode runs one server process as a cluster node.
async function startNode() {
  const child = spawn(bin, [], {
    env: {
      ...process.env,
      PUSHER_APP_ID: APP.id,
      PUSHER_APP_KEY: APP.key,
      PUSHER_APP_SECRET: APP.secret,
      CONFORMANCE_ADDR: '127.0.0.1:0',
      REDIS_URL: redisURL,
      REDIS_PREFIX: prefix,
      REDIS_HEARTBEAT: `${HEARTBEAT_MS}ms`,
      REDIS_NODE_TTL: `${NODE_TTL_MS}ms`,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (b) => {
      out += b;
      const m = out.match(/listening on 127\.0\.0\.1:(\d+)/);
      if (m) resolve(Number(m[1]));
    });
    child.on('exit', (code) => reject(new Error(`node exited ${code}`)));
  });
  const sdk = new PusherServer({ appId: APP.id, key: APP.key, secret: APP.secret, host: '127.0.0.1', port: String(port), useTLS: false });
  const node = {
    port,
    sdk,
    child,
    alive: true,
    stop() {
      if (!this.alive) return Promise.resolve();
      this.alive = false;
      return new Promise((resolve) => { child.once('exit', resolve); child.kill('SIGTERM'); });
    },
    kill() {
      this.alive = false;
      return new Promise((resolve) => { child.once('exit', resolve); child.kill('SIGKILL'); });
    },
  };
  // Ready: registered in Redis and listening on the bus.
  for (let i = 0; i < 50; i++) {
    const r = await fetch(`http://127.0.0.1:${port}/test/ready`).catch(() => null);
    if (r && r.status === 200) return node;
    await sleep(100);
  }
  throw new Error('node did not become ready');
}

function client(node, opts) {
  const c = newClient(node, opts);
  clients.push(c);
  return c;
}

async function subscribed(c, name) {
  await connected(c);
  const ch = c.subscribe(name);
  await once(ch, 'pusher:subscription_succeeded');
  return ch;
}

// users asks one node's HTTP API for a presence channel's user ids.
async function users(node, channel) {
  const res = await node.sdk.get({ path: `/channels/${channel}/users` });
  const body = await res.json();
  return body.users.map((u) => u.id).sort();
}

async function channelInfo(node, channel) {
  const res = await node.sdk.get({ path: `/channels/${channel}`, params: { info: 'user_count,subscription_count' } });
  return res.json();
}

before(async () => {
  redisURL = await startRedis();
  bin = process.env.CONFORMANCE_SERVER_BIN;
  if (!bin) {
    bin = join(mkdtempSync(join(tmpdir(), 'conf-cluster-')), 'server');
    execFileSync('go', ['build', '-o', bin, './realtime/conformance/server'], { cwd: repo, stdio: 'inherit' });
  }
  for (let i = 0; i < 3; i++) nodes.push(await startNode());
});

after(async () => {
  for (const c of clients) c.disconnect();
  await Promise.all(nodes.map((n) => n.stop()));
  if (redisProc) {
    redisProc.kill('SIGKILL');
    return;
  }
  // The shared Redis keeps nothing of this run.
  try {
    const u = new URL(redisURL);
    const cli = ['-h', u.hostname, '-p', u.port || '6379', '-n', (u.pathname.slice(1) || '0')];
    const keys = execFileSync('redis-cli', [...cli, '--scan', '--pattern', `${prefix}*`]).toString().split('\n').filter(Boolean);
    if (keys.length) execFileSync('redis-cli', [...cli, 'del', ...keys]);
  } catch { /* best effort */ }
});

test('cluster: an event published on one node reaches every node, except the excluded socket', async () => {
  const [a, b, c] = nodes.map((n) => client(n));
  const chans = await Promise.all([a, b, c].map((x) => subscribed(x, 'cluster-news')));
  const got = chans.map(() => []);
  chans.forEach((ch, i) => ch.bind('posted', (d) => got[i].push(d.n)));
  // Published through node 1's HTTP API, excluding node 1's own client
  // (Laravel's toOthers()), then once more without exclusion.
  await nodes[1].sdk.trigger('cluster-news', 'posted', { n: 1 }, { socket_id: b.connection.socket_id });
  await nodes[2].sdk.trigger('cluster-news', 'posted', { n: 2 });
  for (let i = 0; i < 50 && !(got[0].length === 2 && got[1].length === 1 && got[2].length === 2); i++) await sleep(20);
  // The two events come from different nodes: node 2's own subscriber can
  // get event 2 before event 1 has crossed Redis, so only the sets count.
  assert.deepEqual(got.map((g) => [...g].sort()), [[1, 2], [2], [1, 2]]);
});

test('cluster: client events cross nodes and are not echoed', async () => {
  const [a, b] = [client(nodes[0]), client(nodes[2])];
  const [ca, cb] = await Promise.all([subscribed(a, 'private-cluster-chat'), subscribed(b, 'private-cluster-chat')]);
  const echoed = [];
  ca.bind('client-typing', (d) => echoed.push(d));
  const got = once(cb, 'client-typing');
  ca.trigger('client-typing', { who: 'a' });
  assert.deepEqual(await got, { who: 'a' });
  await sleep(100);
  assert.deepEqual(echoed, []);
});

test('cluster: the same user on two nodes is one presence member, everywhere', async () => {
  const ch = 'presence-cluster-room';
  const watcher = client(nodes[2], { user: { user_id: 'w', user_info: { name: 'W' } } });
  const wch = await subscribed(watcher, ch);
  await sleep(100);
  const added = [];
  wch.bind('pusher:member_added', (m) => added.push(m.id));
  const u1a = client(nodes[0], { user: { user_id: 'u1', user_info: { name: 'Aung' } } });
  const u1b = client(nodes[1], { user: { user_id: 'u1', user_info: { name: 'Aung' } } });
  const ca = await subscribed(u1a, ch);
  const cb = await subscribed(u1b, ch);
  await sleep(200);
  assert.deepEqual(added, ['u1'], 'member_added once for two connections on two nodes');
  assert.equal(wch.members.count, 2);
  assert.equal(ca.members.count, 2);
  assert.equal(cb.members.count, 2);
  assert.deepEqual(cb.members.get('u1').info, { name: 'Aung' });
  // Every node answers the HTTP API the same.
  for (const n of nodes) {
    assert.deepEqual(await users(n, ch), ['u1', 'w']);
    assert.deepEqual(await channelInfo(n, ch), { occupied: true, user_count: 2, subscription_count: 3 });
  }
  // One of u1's connections goes: still a member. The other: removed, once.
  const removed = [];
  wch.bind('pusher:member_removed', (m) => removed.push(m.id));
  u1a.unsubscribe(ch);
  await sleep(300);
  assert.deepEqual(removed, []);
  u1b.unsubscribe(ch);
  for (let i = 0; i < 50 && removed.length === 0; i++) await sleep(20);
  await sleep(100);
  assert.deepEqual(removed, ['u1']);
  assert.equal(wch.members.count, 1);
});

test('cluster: a node killed with SIGKILL has its members removed cluster-wide within the heartbeat bound', async () => {
  const ch = 'presence-cluster-crash';
  const doomedNode = await startNode();
  nodes.push(doomedNode);
  const watcher = client(nodes[0], { user: { user_id: 'watcher', user_info: {} } });
  const wch = await subscribed(watcher, ch);
  const onBoth = client(nodes[1], { user: { user_id: 'both', user_info: {} } });
  await subscribed(onBoth, ch);
  const victim = client(doomedNode, { user: { user_id: 'victim', user_info: {} } });
  await subscribed(victim, ch);
  const victimBoth = client(doomedNode, { user: { user_id: 'both', user_info: {} } });
  await subscribed(victimBoth, ch);
  for (let i = 0; i < 50 && wch.members.count < 3; i++) await sleep(20);
  assert.equal(wch.members.count, 3);
  assert.deepEqual(await users(nodes[2], ch), ['both', 'victim', 'watcher']);

  const removed = [];
  wch.bind('pusher:member_removed', (m) => removed.push(m.id));
  const t0 = Date.now();
  await doomedNode.kill();
  victim.disconnect();
  victimBoth.disconnect();
  const bound = NODE_TTL_MS + 2 * HEARTBEAT_MS + 500; // TTL + reaper tick + slack
  while (removed.length === 0 && Date.now() - t0 < bound + 2000) await sleep(20);
  const took = Date.now() - t0;
  assert.deepEqual(removed, ['victim'], '"both" is still connected to a live node');
  assert.ok(took <= bound, `member_removed after ${took} ms, bound ${bound} ms`);
  assert.equal(wch.members.count, 2);
  for (const n of nodes.filter((x) => x.alive)) {
    assert.deepEqual(await users(n, ch), ['both', 'watcher']);
    assert.deepEqual(await channelInfo(n, ch), { occupied: true, user_count: 2, subscription_count: 2 });
  }
});
