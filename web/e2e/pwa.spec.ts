import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { expect, test, type Page } from './test';

import { newCustomer, prefer, registerByApi, signIn, type LoginBody } from './helpers';

// The installable app (web/README.md#installable-app): Chromium's own
// installability check, the real service worker receiving a push through
// the DevTools protocol, the notification switch, and the offline state.

/** Waits until the service worker (registered after load and idle) controls the page. */
async function controlled(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
}

/** A PNG's width and height from its IHDR chunk. */
function pngSize(body: Buffer): [number, number] {
  expect(body.subarray(1, 4).toString('latin1')).toBe('PNG');
  return [body.readUInt32BE(16), body.readUInt32BE(20)];
}

test('Chromium finds the app installable: manifest, icons and service worker', async ({ playwright, launchOptions, baseURL, request }) => {
  // Chromium never offers to install from an incognito profile, which every
  // new test context is ("in-incognito"): this one has a profile on disk.
  const profile = mkdtempSync(join(tmpdir(), 'pwa-profile-'));
  const context = await playwright.chromium.launchPersistentContext(profile, { ...launchOptions, baseURL });
  const page = context.pages()[0] ?? (await context.newPage());
  const customer = newCustomer();
  await registerByApi(request, customer);
  await signIn(page, request, customer);
  await page.goto('/home');
  await expect(page.getByRole('link', { name: /Mobile Legends/ })).toBeVisible();
  await controlled(page);

  const cdp = await page.context().newCDPSession(page);
  const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[]; data?: string };
  expect(manifest.url).toMatch(/\/manifest\.en\.webmanifest$/);
  expect(manifest.errors).toEqual([]);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  expect(installabilityErrors).toEqual([]);

  const parsed = JSON.parse(manifest.data ?? '{}') as {
    name: string;
    display: string;
    id: string;
    start_url: string;
    scope: string;
    icons: { src: string; sizes: string; purpose: string }[];
  };
  expect(parsed).toMatchObject({ name: 'Shwe Top-Up', display: 'standalone', id: '/', scope: '/' });
  expect(parsed.icons.map((icon) => icon.purpose)).toContain('maskable');
  for (const icon of parsed.icons) {
    const response = await request.get(icon.src);
    expect(response.ok(), icon.src).toBeTruthy();
    expect(response.headers()['content-type']).toBe('image/png');
    expect(pngSize(await response.body()).join('x'), icon.src).toBe(icon.sizes);
  }

  // A Burmese reader's page links the Burmese manifest: the same app (id), its words in Burmese.
  await page.evaluate(() => localStorage.setItem('lang', 'my'));
  await page.reload();
  const burmese = (await cdp.send('Page.getAppManifest')) as { url: string; data?: string };
  expect(burmese.url).toMatch(/\/manifest\.my\.webmanifest$/);
  expect(JSON.parse(burmese.data ?? '{}')).toMatchObject({ id: '/', lang: 'my' });
  await context.close();
  rmSync(profile, { recursive: true, force: true });
});

test('a push message shows a Burmese notification, and clicking it opens the page it names', async ({ page, request, context, baseURL }) => {
  const customer = newCustomer();
  await registerByApi(request, customer);
  await signIn(page, request, customer);
  await prefer(page, 'light', 'my');
  await context.grantPermissions(['notifications']);
  await page.goto('/home');
  await controlled(page);

  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL === `${baseURL}/` && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const payload = { title: 'ငွေဖြည့်မှု အတည်ပြုပြီးပါပြီ', body: 'သင့်ပိုက်ဆံအိတ်ထဲသို့ ၅,၀၀၀ ကျပ် ထည့်ပြီးပါပြီ။', url: '/wallet', tag: 'topup-1' };
  await cdp.send('ServiceWorker.deliverPushMessage', { origin: baseURL ?? '', registrationId: await registrationId, data: JSON.stringify(payload) });

  await expect
    .poll(() =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        return (await registration.getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag, icon: n.icon, badge: n.badge, data: n.data as unknown }));
      }),
    )
    .toEqual([
      {
        title: payload.title,
        body: payload.body,
        tag: 'topup-1',
        icon: `${baseURL}/icons/icon-192.png`,
        badge: `${baseURL}/icons/badge-96.png`,
        data: { url: '/wallet' },
      },
    ]);

  // Chromium has no way to click a notification from a test (no DevTools
  // command, no flag; web-platform-tests#51125), so the worker's own
  // notificationclick handler is run with the notification it showed: a
  // NotificationEvent dispatched in the real worker. focus() is refused
  // outside a real click; the handler goes on to navigate the open window.
  // The same rule (window interaction only while the browser itself
  // dispatches the click) refuses clients.openWindow, so the case with no
  // window open is covered by notifications.test.ts only.
  const [worker] = context.serviceWorkers();
  expect(worker, 'the service worker').toBeTruthy();
  await worker!.evaluate(async () => {
    // Worker globals, which the tests' DOM typings do not know.
    type WorkerScope = typeof globalThis & {
      registration: ServiceWorkerRegistration;
      NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
    };
    const scope = self as unknown as WorkerScope;
    const [notification] = await scope.registration.getNotifications();
    scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification: notification! }));
  });
  await expect(page).toHaveURL(`${baseURL}/wallet`);
  await expect(page.getByRole('heading', { level: 1, name: 'ပိုက်ဆံအိတ်' })).toBeVisible();
  await expect.poll(() => page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).length)).toBe(0);
});

test('the notification switch asks for permission only when tapped', async ({ page, request, context }) => {
  const customer = newCustomer();
  await registerByApi(request, customer);
  await signIn(page, request, customer);
  // Counts the page's permission requests and subscriptions, then lets them through to Chromium.
  await page.addInitScript(() => {
    const calls = ((window as unknown as { pushCalls: string[] }).pushCalls = [] as string[]);
    const request = Notification.requestPermission.bind(Notification);
    Notification.requestPermission = (...args) => {
      calls.push('permission');
      return request(...args);
    };
    const subscribe = Object.getOwnPropertyDescriptor(PushManager.prototype, 'subscribe')?.value as (this: PushManager, options?: PushSubscriptionOptionsInit) => Promise<PushSubscription>;
    PushManager.prototype.subscribe = function (options) {
      calls.push('subscribe');
      return subscribe.call(this, options);
    };
  });
  await context.grantPermissions(['notifications']);
  await page.goto(`/${customer.username}`);
  await controlled(page);
  const toggle = page.getByRole('switch', { name: 'Notifications on this phone' });
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await expect(toggle).toBeEnabled();
  expect(await page.evaluate(() => (window as unknown as { pushCalls: string[] }).pushCalls)).toEqual([]);

  await toggle.click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { pushCalls: string[] }).pushCalls)).toEqual(['permission', 'subscribe']);
  // Headless Chromium has no push service to subscribe with (no network to
  // Google's): the switch says so and stays off.
  await expect(page.getByRole('alert')).toHaveText('Notifications could not be turned on here. Check your connection and try again.');
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
});

test('a new build’s worker deletes the catalogue and shell an older build kept', async ({ page, request }) => {
  const customer = newCustomer();
  await registerByApi(request, customer);
  await signIn(page, request, customer);
  // What an older build's worker left behind, written before this build's
  // worker is installed: a page that does not register it (the icon).
  await page.goto('/favicon.svg');
  const older = ['catalogue-0123456789ab', 'shell-0123456789ab', 'catalogue-v1'];
  await page.evaluate(async (names) => {
    for (const name of names) {
      const cache = await caches.open(name);
      await cache.put('/api/games', new Response('{"data":[]}', { headers: { 'Content-Type': 'application/json' } }));
    }
  }, older);

  await page.goto('/home');
  await controlled(page);
  const names = await page.evaluate(() => caches.keys());
  for (const name of older) expect(names, 'caches after the new worker took over').not.toContain(name);
  const shell = names.find((name) => /^shell-[0-9a-f]{12}$/.test(name));
  expect(shell, 'this build’s shell').toBeTruthy();
  // The catalogue is this build's: the same id as its shell.
  expect(names).toContain(shell!.replace('shell-', 'catalogue-'));
  await page.reload();
  await expect(page.getByRole('link', { name: /Mobile Legends/ })).toBeVisible();
});

test('an admin’s price change reaches a returning customer through the worker’s cache, and the page is told', async ({ page, request }) => {
  const login = await request.post('/api/login', { data: { phone_number: '09000000001', password: 'admin123' } });
  expect(login.ok(), await login.text()).toBeTruthy();
  const asAdmin = { Authorization: `Bearer ${((await login.json()) as LoginBody).token}` };
  const games = (await (await request.get('/api/admin/games', { headers: asAdmin })).json()) as { data: { id: number; slug: string }[] };
  const game = games.data.find((item) => item.slug === 'steam-wallet');
  expect(game, 'the steam-wallet game').toBeTruthy();
  const stamp = Date.now().toString(36);
  // A product of this test's own, so its answer (/api/products/:id) is this test's alone.
  const made = await request.post('/api/admin/products', { headers: asAdmin, data: { game_id: game!.id, name: `E2E SW ${stamp}`, price: 1000, sku: `e2e-sw-${stamp}` } });
  expect(made.ok(), await made.text()).toBeTruthy();
  const { id } = ((await made.json()) as { data: { id: number } }).data;
  const path = `/api/products/${id}`;

  const customer = newCustomer();
  await registerByApi(request, customer);
  await signIn(page, request, customer);
  await page.goto('/home');
  await controlled(page);
  await page.evaluate(() => {
    const seen = ((window as unknown as { swSaid: string[] }).swSaid = [] as string[]);
    navigator.serviceWorker.addEventListener('message', (event: MessageEvent<{ type?: string; key?: string }>) => seen.push(`${event.data.type}:${event.data.key}`));
  });
  /**
   * The price the page gets for the product, through the worker. no-cache: the worker's own fetch
   * (the same request) then asks the server rather than the browser's HTTP cache, which may keep the
   * answer a minute (api/services.go's cacheCatalogue); the worker's part is what is tested here.
   */
  const price = () =>
    page.evaluate(async (url) => {
      // eslint-disable-next-line no-restricted-globals -- the page's own request, which its worker answers, is what is tested
      const response = await fetch(url, { cache: 'no-cache' });
      return ((await response.json()) as { data: { price: number } }).data.price;
    }, path);
  expect(await price()).toBe(1000);

  const edit = await request.patch(`/api/admin/products/${id}`, { headers: asAdmin, data: { price: 1500 } });
  expect(edit.ok(), await edit.text()).toBeTruthy();
  // Stale-while-revalidate: the first load after the change may show the kept copy; the worker then
  // keeps the network's answer and tells the page, so the next load has the new price.
  await expect.poll(price, { message: 'the price through the worker' }).toBe(1500);
  await expect.poll(() => page.evaluate(() => (window as unknown as { swSaid: string[] }).swSaid)).toContain(`catalogue-updated:/products/${id}`);

  // Out of the shared game's list again for the other tests.
  expect((await request.patch(`/api/admin/products/${id}`, { headers: asAdmin, data: { is_active: false } })).ok()).toBeTruthy();
});

test('offline, the app opens from its cache with the last known balance marked as stale', async ({ page, request, context }) => {
  const customer = newCustomer();
  await registerByApi(request, customer);
  await signIn(page, request, customer);
  await page.goto('/home');
  await expect(page.getByRole('link', { name: /Mobile Legends/ })).toBeVisible();
  await controlled(page);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('lastBalance'))).toContain('"amount":0');

  await context.setOffline(true);
  await page.reload();
  const notice = page.getByRole('region', { name: 'You are offline' });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('Last known balance: 0 Ks');
  await expect(notice).toContainText(/As of .+; it may have changed since\./);
  // The catalogue, from the worker's cache.
  await expect(page.getByRole('link', { name: /Mobile Legends/ })).toBeVisible();

  await context.setOffline(false);
  await expect(notice).toBeHidden();
});
