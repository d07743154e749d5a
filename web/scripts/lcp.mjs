// Largest Contentful Paint of one page in headless Chromium under Chrome
// DevTools' "Fast 3G" network and a 4x CPU slowdown, cold cache, several runs.
// A benchmark, not a test: it prints figures and never fails on them.
//
//   make build && web/e2e/with-server.sh node scripts/lcp.mjs [--runs 7] [--path /home]
//     [--guest] [--lang en|my] [--waterfall]
//
// Besides LCP and FCP it reports when the app took over from the server's
// first screen (api/web_first_screen.go: the stand-in for /home's banner is
// removed), when the first game tile rendered (the page is usable), and the
// cumulative layout shift.
//
// Signed in as the demo customer unless --guest. Each run is a new browser
// (empty HTTP cache, no service worker). The network profile throttles every
// response, websocket excluded: 562.5 ms latency, 1.44 Mbit/s down,
// 675 kbit/s up (DevTools' Fast 3G: 150 ms x 3.75, 1.6 Mbit/s and 750 kbit/s
// x 0.9). Viewport 375x812 at DPR 2 with touch, like the e2e journeys.
import { parseArgs } from 'node:util';

import { chromium } from 'playwright-core';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '7' },
    path: { type: 'string', default: '/home' },
    guest: { type: 'boolean', default: false },
    lang: { type: 'string', default: 'en' },
    waterfall: { type: 'boolean', default: false },
  },
});

const server = process.env.BASE_URL;
if (!server) throw new Error('BASE_URL is not set: run through e2e/with-server.sh');



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

// Runs in the page before any of its scripts: keeps every LCP candidate, the
// layout shifts, and when the first screen ended and the first game tile came.
function observeLcp() {
  window.__lcp = [];
  window.__cls = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.hadRecentInput) continue;
      window.__cls += entry.value;
      const moved = entry.sources.map((source) => source.node?.nodeName?.toLowerCase() + (source.node?.id ? `#${source.node.id}` : '') + (source.node?.className?.baseVal ?? source.node?.className ?? '').toString().slice(0, 40));
      window.__shifts = [...(window.__shifts ?? []), `${Math.round(entry.startTime)} ms ${entry.value.toFixed(3)} ${moved.join(', ')}`];
    }
  }).observe({ type: 'layout-shift', buffered: true });
  new MutationObserver(() => {
    if (window.__handoff === undefined && window.__sawFirstScreen && !document.getElementById('first-screen')) window.__handoff = performance.now();
    if (document.getElementById('first-screen')) window.__sawFirstScreen = true;
    if (window.__tile === undefined && document.querySelector('a[href^="/detail/"]')) window.__tile = performance.now();
  }).observe(document, { childList: true, subtree: true });
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
      { name: 'token', value: encodeURIComponent(session.token), url: server },
      { name: 'user', value: encodeURIComponent(JSON.stringify(session.user)), url: server },
    ]);
  }
  await context.addInitScript((lang) => localStorage.setItem('lang', lang), args.lang);
  await context.addInitScript(observeLcp);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', FAST_3G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await page.goto(new URL(args.path, server).href, { waitUntil: 'load', timeout: 120_000 });
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
    return {
      lcp: window.__lcp.at(-1),
      fcp: paint['first-contentful-paint'],
      html: nav.responseEnd,
      handoff: window.__handoff,
      tile: window.__tile,
      cls: window.__cls,
      shifts: window.__shifts ?? [],
      resources,
      url: location.pathname,
    };
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
    console.log(
      `run ${run}: LCP ${ms(lcp.time)} (FCP ${ms(result.fcp)}) on ${result.url}: ${lcp.element} "${lcp.text}"${lcp.url ? ` ${lcp.url}` : ''}; ` +
        `first screen handed over ${result.handoff === undefined ? 'never (none served)' : ms(result.handoff)}, ` +
        `first game tile ${result.tile === undefined ? 'never' : ms(result.tile)}, CLS ${result.cls.toFixed(3)}`,
    );
    for (const shift of result.shifts) console.log(`  layout shift at ${shift}`);
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
    ` (FCP median ${ms(median(runs.map((result) => result.fcp)))}, first game tile median ${ms(median(runs.map((result) => result.tile ?? Infinity)))},` +
    ` CLS max ${Math.max(...runs.map((result) => result.cls)).toFixed(3)}); network ${JSON.stringify(FAST_3G)}, CPU ${CPU_SLOWDOWN}x`,
);
