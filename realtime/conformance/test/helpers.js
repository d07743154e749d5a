// Starts the Go conformance server and builds real pusher-js / Echo clients
// against it.
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import PusherClient from 'pusher-js';
import PusherServer from 'pusher';

export const APP = { id: 'conf-app', key: 'conf-key', secret: 'conf-secret' };
// 32 bytes, base64: the master key for private-encrypted- channels.
export const MASTER_KEY = Buffer.alloc(32, 7).toString('base64');

const repo = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

// buildServer builds the conformance server once per process (unless
// CONFORMANCE_SERVER_BIN names a prebuilt one) and returns its path.
let built;
export function buildServer() {
  if (process.env.CONFORMANCE_SERVER_BIN) return process.env.CONFORMANCE_SERVER_BIN;
  if (!built) {
    built = join(mkdtempSync(join(tmpdir(), 'conf-')), 'server');
    execFileSync('go', ['build', '-o', built, './realtime/conformance/server'], { cwd: repo, stdio: 'inherit' });
  }
  return built;
}

// spawnServer runs the server with env (on top of this process's) and
// resolves with its port and process once it listens.
export async function spawnServer(env) {
  const child = spawn(buildServer(), [], {
    env: { ...process.env, CONFORMANCE_ADDR: '127.0.0.1:0', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (b) => {
      out += b;
      const m = out.match(/listening on 127\.0\.0\.1:(\d+)/);
      if (m) resolve(Number(m[1]));
    });
    child.on('exit', (code) => reject(new Error(`server exited ${code}`)));
  });
  return { port, child };
}

// startServer starts the server on a free loopback port for the test app.
export async function startServer(extraEnv = {}) {
  const { port, child } = await spawnServer({
    PUSHER_APP_ID: APP.id,
    PUSHER_APP_KEY: APP.key,
    PUSHER_APP_SECRET: APP.secret,
    ...extraEnv,
  });
  const sdk = new PusherServer({
    appId: APP.id, key: APP.key, secret: APP.secret,
    host: '127.0.0.1', port: String(port), useTLS: false,
    encryptionMasterKeyBase64: MASTER_KEY,
  });
  return {
    port,
    sdk,
    stop: () => new Promise((resolve) => { child.once('exit', resolve); child.kill('SIGTERM'); }),
    // Publishes through the real signed HTTP API with the pusher SDK, as a
    // Laravel backend would.
    publish: (channels, name, data, socketId) =>
      sdk.trigger(channels, name, data, socketId ? { socket_id: socketId } : undefined),
  };
}

// newClient returns a pusher-js client configured as the web app does, pointed at
// the local server. presence(user) supplies channel_data for presence
// channels; authorize signs with the official server SDK, as Laravel's
// /broadcasting/auth would.
export function newClient(srv, { user = { user_id: '1', user_info: { name: 'Aung' } }, key = APP.key, badAuth = false, watchlist, sdk = srv.sdk } = {}) {
  return new PusherClient(key, {
    cluster: 'mt1',
    wsHost: '127.0.0.1',
    wsPort: srv.port,
    forceTLS: false,
    enabledTransports: ['ws'],
    disableStats: true,
    channelAuthorization: {
      customHandler: ({ socketId, channelName }, callback) => {
        try {
          const presence = channelName.startsWith('presence-') ? user : undefined;
          const auth = sdk.authorizeChannel(socketId, channelName, presence);
          if (badAuth) auth.auth = auth.auth.replace(/.$/, (c) => (c === '0' ? '1' : '0'));
          callback(null, auth);
        } catch (err) {
          callback(err, null);
        }
      },
    },
    userAuthentication: {
      customHandler: ({ socketId }, callback) => {
        const data = { id: String(user.user_id), user_info: user.user_info };
        if (watchlist) data.watchlist = watchlist;
        callback(null, sdk.authenticateUser(socketId, data));
      },
    },
  });
}

export function once(emitter, event, timeoutMs = 5000) {
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`timed out waiting for ${event}`)), timeoutMs);
    const cb = (data, meta) => {
      clearTimeout(t);
      emitter.unbind(event, cb);
      resolve(data ?? meta);
    };
    emitter.bind(event, cb);
  });
}

export async function connected(client) {
  if (client.connection.state === 'connected') return;
  await once(client.connection, 'connected');
}

// until polls cond every 20 ms until it holds, for at most ms.
export async function until(cond, ms = 5000, what = 'condition') {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

export function sleep(ms) {
  return new Promise((r) => setTimeout(r, ms));
}
