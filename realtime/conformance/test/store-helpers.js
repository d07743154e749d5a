// Starts the real `topup serve` binary on a fresh, seeded database for the
// store conformance tests (store*.test.js), and builds pusher-js / Echo
// clients that authorise through its /api/broadcasting/auth with a real
// bearer token.
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, existsSync, readdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import PusherClient from 'pusher-js';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

export const STORE_APP = { id: 'store-conf', key: 'store-conf-key', secret: 'store-conf-secret' };

function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

function dropdbBin() {
  try {
    execFileSync('dropdb', ['--version'], { stdio: 'ignore' });
    return 'dropdb';
  } catch {
    const root = '/usr/lib/postgresql';
    const v = existsSync(root) ? readdirSync(root).sort((a, b) => Number(a) - Number(b)).pop() : undefined;
    return v ? join(root, v, 'bin', 'dropdb') : 'dropdb';
  }
}

async function waitHealthy(base, child, timeoutMs = 30000) {
  const deadline = Date.now() + timeoutMs;
  let exited = null;
  child.once('exit', (code) => { exited = code; });
  while (Date.now() < deadline) {
    if (exited !== null) throw new Error(`topup serve exited with ${exited}`);
    try {
      const r = await fetch(`${base}/healthz`);
      if (r.ok) return;
    } catch { /* not listening yet */ }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('topup serve did not become healthy');
}

// startStore builds bin/topup (unless TOPUP_BIN is set), makes a fresh
// database on the private server of scripts/devdb.sh, migrates and seeds
// it, and serves on a free loopback port. stop() ends the server, drops
// the database and removes the temporary files.
export async function startStore() {
  const tmp = mkdtempSync(join(tmpdir(), 'store-conf-'));
  let bin = process.env.TOPUP_BIN;
  if (!bin) {
    bin = join(tmp, 'topup');
    execFileSync('go', ['build', '-o', bin, './cmd/topup'], { cwd: repo, stdio: 'inherit' });
  }
  const dbName = `topup_conf_${Date.now()}_${process.pid}`;
  const dsn = execFileSync(join(repo, 'scripts', 'devdb.sh'), [dbName], { encoding: 'utf8' }).trim();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    APP_ENV: 'local',
    DATABASE_URL: dsn,
    LISTEN_ADDR: `127.0.0.1:${port}`,
    PUBLIC_URL: base,
    UPLOAD_DIR: join(tmp, 'uploads'),
    LOG_FORMAT: 'json',
    LOG_LEVEL: process.env.TOPUP_LOG_LEVEL ?? 'warn',
    PUSHER_APP_ID: STORE_APP.id,
    PUSHER_APP_KEY: STORE_APP.key,
    PUSHER_APP_SECRET: STORE_APP.secret,
  };
  execFileSync(bin, ['migrate'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  execFileSync(bin, ['seed'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  const child = spawn(bin, ['serve', '--no-migrate'], { env, stdio: ['ignore', 'inherit', 'inherit'] });
  const cleanup = () => {
    try {
      execFileSync(dropdbBin(), ['-h', '127.0.0.1', '-p', new URL(dsn).port, '-U', 'postgres', '--if-exists', '--force', dbName], { stdio: 'ignore' });
    } catch { /* best effort: the database name is unique */ }
    rmSync(tmp, { recursive: true, force: true });
  };
  try {
    await waitHealthy(base, child);
  } catch (err) {
    child.kill('SIGKILL');
    cleanup();
    throw err;
  }
  const api = async (method, path, { token, body, headers = {} } = {}) => {
    const h = { Accept: 'application/json', ...headers };
    if (token) h.Authorization = `Bearer ${token}`;
    if (body !== undefined) h['Content-Type'] = 'application/json';
    const r = await fetch(base + path, { method, headers: h, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await r.text();
    let json = null;
    try { json = JSON.parse(text); } catch { /* not JSON */ }
    return { status: r.status, json, text };
  };
  return {
    port,
    base,
    api,
    // trigger runs `topup trigger` against this server, as a backend job would.
    trigger: (args) => execFileSync(bin, ['trigger', ...args], { env, encoding: 'utf8' }),
    // login answers {token, user} for a phone number and password.
    async login(phone, password) {
      const r = await api('POST', '/api/login', { body: { phone_number: phone, password } });
      if (r.status !== 200 || !r.json?.token) throw new Error(`login ${phone}: ${r.status} ${r.text}`);
      return { token: r.json.token, user: r.json.user };
    },
    stop: async () => {
      if (child.exitCode === null) {
        await new Promise((resolve) => { child.once('exit', resolve); child.kill('SIGTERM'); });
      }
      cleanup();
    },
  };
}

// storeClient is a pusher-js client configured as the web app is (web/src/lib/echo-client.ts):
// channel authorisation by POST to the store's /api/broadcasting/auth and
// user authentication (pusher:signin) by POST to /api/broadcasting/user-auth,
// both with the bearer token.
export function storeClient(store, token) {
  return new PusherClient(STORE_APP.key, {
    cluster: 'mt1',
    wsHost: '127.0.0.1',
    wsPort: store.port,
    forceTLS: false,
    enabledTransports: ['ws'],
    disableStats: true,
    channelAuthorization: {
      endpoint: `${store.base}/api/broadcasting/auth`,
      transport: 'ajax',
      headers: { Authorization: `Bearer ${token}` },
    },
    userAuthentication: {
      endpoint: `${store.base}/api/broadcasting/user-auth`,
      transport: 'ajax',
      headers: { Authorization: `Bearer ${token}` },
    },
  });
}

// waitFor resolves with the first event named event on channel whose data
// passes match, or rejects after timeoutMs.
export function waitFor(channel, event, match = () => true, timeoutMs = 10000) {
  return new Promise((resolve, reject) => {
    const cb = (data) => {
      if (!match(data)) return;
      clearTimeout(t);
      channel.unbind(event, cb);
      resolve(data);
    };
    const t = setTimeout(() => {
      channel.unbind(event, cb);
      reject(new Error(`timed out waiting for ${event}`));
    }, timeoutMs);
    channel.bind(event, cb);
  });
}
