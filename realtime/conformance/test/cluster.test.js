// Cluster conformance: three server PROCESSES sharing Redis, real pusher-js
// clients spread over them, the pusher SDK publishing through the signed
// HTTP API of one node. Everything runs twice: over one Redis
// (TEST_REDIS_URL, or a redis-server this file starts on a free loopback
// port) and over a Redis Cluster of three masters with replicas
// (TEST_REDIS_CLUSTER_URL, or scripts/devrediscluster.sh).
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import PusherServer from 'pusher';
import { newClient, once, connected, sleep, until, spawnServer, APP } from './helpers.js';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
// Heartbeat bound: a node silent for NODE_TTL is dead; a survivor notices
// within one more HEARTBEAT.
const HEARTBEAT_MS = 200;
const NODE_TTL_MS = 1000;
// A second app with its own limits (the apps file's max_presence_members
// and max_event_bytes); the test app counts subscriptions.
const LIMITED = { id: 'limited', key: 'limited-key', secret: 'limited-secret' };

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

let redisProc;
async function singleRedis() {
  if (process.env.TEST_REDIS_URL) return process.env.TEST_REDIS_URL;
  const port = await freePort();
  redisProc = spawn('redis-server', ['--bind', '127.0.0.1', '--port', String(port), '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  await sleep(300);
  return `redis://127.0.0.1:${port}/0`;
}

function clusterRedis() {
  return process.env.TEST_REDIS_CLUSTER_URL
    || execFileSync(join(repo, 'scripts', 'devrediscluster.sh'), { encoding: 'utf8' }).trim();
}

// dropKeys deletes what a run left under its prefix, on every node of the
// Redis (or cluster) named by url (best effort: replicas refuse).
function dropKeys(url, prefix) {
  const u = new URL(url);
  const hosts = [u.host, ...u.searchParams.getAll('addr')];
  const db = u.pathname.slice(1) || '0';
  for (const host of hosts) {
    const [h, p] = host.split(':');
    const cli = ['-h', h, '-p', p || '6379', ...(u.searchParams.has('addr') ? [] : ['-n', db])];
    try {
      const keys = execFileSync('redis-cli', [...cli, '--scan', '--pattern', `${prefix}*`]).toString().split('\n').filter(Boolean);
      for (const k of keys) execFileSync('redis-cli', [...cli, 'del', k], { stdio: 'ignore' });
    } catch { /* best effort */ }
  }
}

const appsFile = join(mkdtempSync(join(tmpdir(), 'conf-apps-')), 'apps.json');
writeFileSync(appsFile, JSON.stringify([
  { ...APP, subscription_count: true },
  { ...LIMITED, max_presence_members: 2, max_event_bytes: 100 },
]));

after(() => { if (redisProc) redisProc.kill('SIGKILL'); });

for (const backend of [
  { name: 'one Redis', env: async () => ({ REDIS_URL: await singleRedis() }) },
  { name: 'a Redis Cluster', env: async () => ({ REDIS_URL: clusterRedis(), REDIS_CLUSTER: 'true' }) },
]) {
  describe(`three nodes over ${backend.name}`, () => {
    const prefix = `conf-${randomBytes(6).toString('hex')}:`;
    let redisEnv;
    const nodes = [];
    const clients = [];

    // startNode runs one server process as a cluster node.
    async function startNode() {
      const { port, child } = await spawnServer({
        PUSHER_APPS_FILE: appsFile,
        ...redisEnv,
        REDIS_PREFIX: prefix,
        REDIS_HEARTBEAT: `${HEARTBEAT_MS}ms`,
        REDIS_NODE_TTL: `${NODE_TTL_MS}ms`,
      });
      const sdkFor = (app) => new PusherServer({ appId: app.id, key: app.key, secret: app.secret, host: '127.0.0.1', port: String(port), useTLS: false });
      const node = {
        port,
        sdk: sdkFor(APP),
        limited: sdkFor(LIMITED),
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

    async function signedIn(c) {
      await connected(c);
      c.signin();
      await c.user.signinDonePromise;
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
      redisEnv = await backend.env();
      for (let i = 0; i < 3; i++) nodes.push(await startNode());
    });

    after(async () => {
      for (const c of clients) c.disconnect();
      await Promise.all(nodes.map((n) => n.stop()));
      dropKeys(redisEnv.REDIS_URL, prefix);
    });

    test('an event published on one node reaches every node, except the excluded socket', async () => {
      const [a, b, c] = nodes.map((n) => client(n));
      const chans = await Promise.all([a, b, c].map((x) => subscribed(x, 'cluster-news')));
      const got = chans.map(() => []);
      chans.forEach((ch, i) => ch.bind('posted', (d) => got[i].push(d.n)));
      // Published through node 1's HTTP API, excluding node 1's own client
      // (Laravel's toOthers()), then once more without exclusion.
      await nodes[1].sdk.trigger('cluster-news', 'posted', { n: 1 }, { socket_id: b.connection.socket_id });
      await nodes[2].sdk.trigger('cluster-news', 'posted', { n: 2 });
      await until(() => got[0].length === 2 && got[1].length === 1 && got[2].length === 2, 1000).catch(() => {});
      // The two events come from different nodes: node 2's own subscriber can
      // get event 2 before event 1 has crossed Redis, so only the sets count.
      assert.deepEqual(got.map((g) => [...g].sort()), [[1, 2], [2], [1, 2]]);
    });

    test('client events cross nodes and are not echoed', async () => {
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

    test('the same user on two nodes is one presence member, everywhere', async () => {
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
      await until(() => removed.length > 0, 1000).catch(() => {});
      await sleep(100);
      assert.deepEqual(removed, ['u1']);
      assert.equal(wch.members.count, 1);
    });

    test('channel.subscriptionCount follows a second and a third client joining and leaving on other nodes', async () => {
      const [a, b, c] = nodes.map((n) => client(n));
      const ca = await subscribed(a, 'counted');
      const heard = [];
      ca.bind('pusher:subscription_count', (d) => heard.push(d.subscription_count));
      await until(() => ca.subscriptionCount === 1, 5000, 'count 1');
      const cb = await subscribed(b, 'counted');
      await until(() => ca.subscriptionCount === 2 && cb.subscriptionCount === 2, 5000, 'count 2');
      const cc = await subscribed(c, 'counted');
      await until(() => [ca, cb, cc].every((x) => x.subscriptionCount === 3), 5000, 'count 3');
      c.unsubscribe('counted');
      await until(() => ca.subscriptionCount === 2 && cb.subscriptionCount === 2, 5000, 'count 2 again');
      b.unsubscribe('counted');
      await until(() => ca.subscriptionCount === 1, 5000, 'count 1 again');
      // Coalesced to at most one per second, the first client heard each
      // count once, in order.
      assert.deepEqual(heard, [1, 2, 3, 2, 1]);
      // Presence channels are not counted.
      const pc = client(nodes[1], { user: { user_id: 'pc' } });
      await connected(pc);
      const p = pc.subscribe('presence-counted');
      const counts = [];
      p.bind('pusher:subscription_count', (d) => counts.push(d));
      await once(p, 'pusher:subscription_succeeded');
      await sleep(1300);
      assert.deepEqual(counts, []);
    });

    test('pusher.user.watchlist hears a watched user come online and go offline on other nodes', async () => {
      const w = client(nodes[0], { user: { user_id: 'watcher', user_info: {} }, watchlist: ['watched', 'never'] });
      const events = [];
      w.user.watchlist.bind('online', (e) => events.push(`online ${e.user_ids}`));
      w.user.watchlist.bind('offline', (e) => events.push(`offline ${e.user_ids}`));
      await signedIn(w);
      const u1 = client(nodes[1], { user: { user_id: 'watched', user_info: {} } });
      await signedIn(u1);
      await until(() => events.length === 1, 5000, 'online');
      // Online while any node has a signed-in socket of the user.
      const u2 = client(nodes[2], { user: { user_id: 'watched', user_info: {} } });
      await signedIn(u2);
      u1.disconnect();
      await sleep(500);
      assert.deepEqual(events, ['online watched']);
      u2.disconnect();
      await until(() => events.length === 2, 5000, 'offline');
      assert.deepEqual(events, ['online watched', 'offline watched']);
    });

    test("an app's own limits from the apps file hold on every node", async () => {
      const ch = 'presence-limited';
      const opts = (id) => ({ key: LIMITED.key, sdk: nodes[0].limited, user: { user_id: id, user_info: {} } });
      await subscribed(client(nodes[0], opts('a')), ch);
      await subscribed(client(nodes[1], opts('b')), ch);
      // The third distinct user is refused, whichever node it joins.
      const third = client(nodes[2], opts('c'));
      await connected(third);
      const err = once(third.subscribe(ch), 'pusher:subscription_error');
      assert.equal((await err).status, 403);
      // 100 bytes of event data, not 101.
      const res = await nodes[1].limited.trigger('limited-news', 'e', 'x'.repeat(100));
      assert.equal(res.status, 200);
      await assert.rejects(nodes[1].limited.trigger('limited-news', 'e', 'x'.repeat(101)), (e) => e.status === 413);
    });

    test('a node killed with SIGKILL has its members removed cluster-wide within the heartbeat bound', async () => {
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
      await until(() => wch.members.count >= 3, 1000).catch(() => {});
      assert.equal(wch.members.count, 3);
      assert.deepEqual(await users(nodes[2], ch), ['both', 'victim', 'watcher']);

      const removed = [];
      wch.bind('pusher:member_removed', (m) => removed.push(m.id));
      const t0 = Date.now();
      await doomedNode.kill();
      victim.disconnect();
      victimBoth.disconnect();
      const bound = NODE_TTL_MS + 2 * HEARTBEAT_MS + 500; // TTL + reaper tick + slack
      await until(() => removed.length > 0, bound + 2000).catch(() => {});
      const took = Date.now() - t0;
      assert.deepEqual(removed, ['victim'], '"both" is still connected to a live node');
      assert.ok(took <= bound, `member_removed after ${took} ms, bound ${bound} ms`);
      assert.equal(wch.members.count, 2);
      for (const n of nodes.filter((x) => x.alive)) {
        assert.deepEqual(await users(n, ch), ['both', 'watcher']);
        assert.deepEqual(await channelInfo(n, ch), { occupied: true, user_count: 2, subscription_count: 2 });
      }
    });
  });
}
