// Largest Contentful Paint of one page in headless Chromium under Chrome
// DevTools' "Fast 3G" network and a 4x CPU slowdown, cold cache, several runs.
// A benchmark, not a test: it prints figures and never fails on them.
//
//   make build && web/e2e/with-server.sh node scripts/lcp.mjs [--runs 7] [--path /home]
//     [--guest] [--lang en|my] [--waterfall] [--gzip-proxy]
//
// --gzip-proxy puts a local proxy that gzips text responses between the
// browser and the server, to show what compression in front of (or inside)
// `topup serve` would give; the server itself sends everything uncompressed.
//
// Signed in as the demo customer unless --guest. Each run is a new browser
// (empty HTTP cache, no service worker). The network profile throttles every
// response, websocket excluded: 562.5 ms latency, 1.44 Mbit/s down,
// 675 kbit/s up (DevTools' Fast 3G: 150 ms x 3.75, 1.6 Mbit/s and 750 kbit/s
// x 0.9). Viewport 375x812 at DPR 2 with touch, like the e2e journeys.
import { request as httpRequest, createServer } from 'node:http';
import { connect } from 'node:net';
import { parseArgs } from 'node:util';
import { createGzip } from 'node:zlib';

import { chromium } from 'playwright-core';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '7' },
    path: { type: 'string', default: '/home' },
    guest: { type: 'boolean', default: false },
    lang: { type: 'string', default: 'en' },
    waterfall: { type: 'boolean', default: false },
    'gzip-proxy': { type: 'boolean', default: false },
  },
});

const server = process.env.BASE_URL;
if (!server) throw new Error('BASE_URL is not set: run through e2e/with-server.sh');

const COMPRESSIBLE = /^(text\/|application\/(json|javascript)|image\/svg\+xml)/;

// Forwards HTTP and websocket upgrades to the server, gzipping text bodies.
async function startGzipProxy(target) {
  const { hostname, port } = new URL(target);
  const proxy = createServer((incoming, outgoing) => {
    const upstream = httpRequest({ hostname, port, path: incoming.url, method: incoming.method, headers: incoming.headers }, (answer) => {
      const headers = { ...answer.headers };
      const gzip = COMPRESSIBLE.test(headers['content-type'] ?? '') && /\bgzip\b/.test(incoming.headers['accept-encoding'] ?? '');
      if (gzip) {
        delete headers['content-length'];
        headers['content-encoding'] = 'gzip';
        headers.vary = 'Accept-Encoding';
      }
      outgoing.writeHead(answer.statusCode ?? 502, headers);
      (gzip ? answer.pipe(createGzip({ level: 6 })) : answer).pipe(outgoing);
    });
    incoming.pipe(upstream);
  });
  proxy.on('upgrade', (incoming, socket, head) => {
    const upstream = connect(Number(port), hostname, () => {
      const lines = [`${incoming.method} ${incoming.url} HTTP/1.1`, ...Object.entries(incoming.headers).map(([name, value]) => `${name}: ${value}`)];
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      upstream.write(head);
      upstream.pipe(socket).pipe(upstream);
    });
    upstream.on('error', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
  });
  await new Promise((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${proxy.address().port}`, close: () => proxy.close() };
}

const proxy = args['gzip-proxy'] ? await startGzipProxy(server) : null;
const base = proxy?.url ?? server;

const FAST_3G = { offline: false, latency: 562.5, downloadThroughput: (1.44e6 / 8) | 0, uploadThroughput: (675e3 / 8) | 0 };
const CPU_SLOWDOWN = 4;
const DEMO_CUSTOMER = { phone_number: '09123456789', password: 'customer123' };
// Long enough after `load` for late API answers and images to paint under 3G.
const SETTLE_MS = 6000;

async function login() {
  const response = await fetch(new URL('/api/login', server), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(DEMO_CUSTOMER),
  });
  if (!response.ok) throw new Error(`login: ${response.status} ${await response.text()}`);
  return response.json();
}

// Runs in the page before any of its scripts: keeps every LCP candidate.
function observeLcp() {
  window.__lcp = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const element = entry.element;
      const text = element?.textContent?.trim().replace(/\s+/g, ' ').slice(0, 60) ?? '';
      const name = element ? `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}` : '(removed)';
      window.__lcp.push({ time: entry.startTime, size: entry.size, element: name, text, url: entry.url });
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
}

async function measure(browser, session) {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  if (session) {
    await context.addCookies([
      { name: 'token', value: encodeURIComponent(session.token), url: base },
      { name: 'user', value: encodeURIComponent(JSON.stringify(session.user)), url: base },
    ]);
  }
  await context.addInitScript((lang) => localStorage.setItem('lang', lang), args.lang);
  await context.addInitScript(observeLcp);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', FAST_3G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await page.goto(new URL(args.path, base).href, { waitUntil: 'load', timeout: 120_000 });
  await page.waitForTimeout(SETTLE_MS);
  const result = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0];
    const paint = Object.fromEntries(performance.getEntriesByType('paint').map((entry) => [entry.name, entry.startTime]));
    const resources = performance.getEntriesByType('resource').map((entry) => ({
      name: entry.name.replace(location.origin, ''),
      start: entry.startTime,
      end: entry.responseEnd,
      bytes: entry.transferSize,
    }));
    return { lcp: window.__lcp.at(-1), fcp: paint['first-contentful-paint'], html: nav.responseEnd, resources, url: location.pathname };
  });
  await context.close();
  return result;
}

const ms = (value) => `${Math.round(value)} ms`;
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

const session = args.guest ? null : await login();
const runs = [];
for (let run = 1; run <= Number(args.runs); run += 1) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const result = await measure(browser, session);
    if (!result.lcp) throw new Error(`run ${run}: no LCP entry on ${result.url}`);
    runs.push(result);
    const { lcp } = result;
    console.log(`run ${run}: LCP ${ms(lcp.time)} (FCP ${ms(result.fcp)}) on ${result.url}: ${lcp.element} "${lcp.text}"${lcp.url ? ` ${lcp.url}` : ''}`);
    if (args.waterfall) {
      for (const entry of [...result.resources].sort((a, b) => a.start - b.start)) {
        console.log(`  ${ms(entry.start).padStart(8)} → ${ms(entry.end).padStart(8)} ${String(entry.bytes).padStart(8)} B  ${entry.name}`);
      }
    }
  } finally {
    await browser.close();
  }
}

const times = runs.map((result) => result.lcp.time);
console.log(
  `LCP over ${runs.length} runs: median ${ms(median(times))}, min ${ms(Math.min(...times))}, max ${ms(Math.max(...times))}` +
    ` (FCP median ${ms(median(runs.map((result) => result.fcp)))}); network ${JSON.stringify(FAST_3G)}, CPU ${CPU_SLOWDOWN}x` +
    (proxy ? ', through the gzip proxy' : ''),
);
proxy?.close();
