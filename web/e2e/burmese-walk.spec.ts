import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

import { applySession, latinAllowList, latinWords, newCustomer, prefer, screenshot, sql, type LatinFinding, type LoginBody } from './helpers';

// Issue 25's Burmese walk (and issue 18's scan): every screen of the store
// and the back office, at 375 px in Burmese, shows no Latin-script word
// outside the allow-list of brand and game names (helpers.ts latinWords):
// visible text, aria-label, placeholder, alt, title and the <title>. One
// failure lists every screen's findings, so a run shows all that is left.
// Screens come from web/src/app/router.tsx and features/admin/routes.tsx.

test.use({ viewport: { width: 375, height: 812 } });

const ADMIN = { phone_number: '09000000001', password: 'admin123' };

async function login(request: APIRequestContext, data: { phone_number: string; password: string }) {
  const response = await request.post('/api/login', { data });
  expect(response.ok(), await response.text()).toBeTruthy();
  return (await response.json()) as LoginBody;
}

/** A customer made in SQL (sign-ups are limited per address) with the demo customer's password. */
function sqlCustomer() {
  const customer = newCustomer();
  sql(
    `INSERT INTO users (username, phone, password_hash) SELECT '${customer.username}', '${customer.international}', password_hash FROM users WHERE phone = '+959123456789'`,
  );
  return customer;
}

/** Waits for a screen to settle: its main heading shown and no request in flight. */
async function settle(page: Page) {
  await expect(page.locator('h1, [role="dialog"] h2').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
}

class Walk {
  readonly findings: Record<string, LatinFinding[]> = {};
  constructor(
    private readonly page: Page,
    private readonly allowed: string[],
  ) {}

  /** Scans what the page shows now under `name`. */
  async scan(name: string) {
    await settle(this.page);
    const found = await latinWords(this.page, this.allowed);
    if (found.length) this.findings[name] = found;
    await screenshot(this.page, `burmese-walk-${name}`);
  }

  async visit(path: string, name = path) {
    await this.page.goto(path);
    await this.scan(name);
  }
}

test('every customer screen in Burmese, signed out and signed in, shows no English', async ({ page, request }) => {
  test.setTimeout(180_000);
  await prefer(page, 'light', 'my');

  const customer = sqlCustomer();
  const session = await login(request, { phone_number: customer.phone_number, password: 'customer123' });
  const admin = await login(request, ADMIN);
  const asAdmin = { Authorization: `Bearer ${admin.token}` };
  // What people typed is theirs, in the language they chose: the admin writes in Burmese here.
  const funds = await request.post(`/api/admin/users/${session.user.id}/wallet`, {
    headers: { ...asAdmin, 'Idempotency-Key': `walk-e2e-${session.user.id}` },
    data: { amount: 60000, reason: 'ပွဲတော် ဆုငွေ' },
  });
  expect(funds.ok(), await funds.text()).toBeTruthy();
  const buy = async (sku: string, gameUid?: string) => {
    const id = Number(sql(`SELECT id FROM products WHERE sku = '${sku}'`));
    const response = await request.post('/api/order', { headers: { Authorization: `Bearer ${session.token}` }, data: { product_id: id, game_uid: gameUid } });
    expect(response.ok(), await response.text()).toBeTruthy();
    return ((await response.json()) as { order: { id: number } }).order.id;
  };
  const pending = await buy('pubg-coin-60', '5550001');
  const failed = await buy('pubg-coin-60', '5550002');
  const fail = await request.post(`/api/admin/orders/${failed}/fail`, { headers: asAdmin, data: { reason: 'ဂိမ်း ID မှားနေပါသည်', override: true } });
  expect(fail.ok(), await fail.text()).toBeTruthy();
  const code = await buy('steam-wallet-5');

  // The customer's own username and the search they type.
  const walk = new Walk(page, latinAllowList([customer.username, 'pubg']));

  // Signed out.
  for (const path of ['/login', '/register', '/privacy-policy', '/terms-of-service', '/security-policy', '/404', '/search?q=pubg']) {
    await walk.visit(path);
  }

  await applySession(page, session);
  for (const path of [
    '/home',
    '/search?q=pubg',
    '/top-up',
    '/wallet',
    '/detail/top-up/mobile-legends',
    '/detail/code/valorant-points',
    '/detail/account/pubg-accounts',
    `/orders/${pending}`,
    `/orders/${failed}`,
    `/orders/${code}`,
    `/${customer.username}`,
    '/no-such-page/here',
  ]) {
    await walk.visit(path);
  }

  // The menu and the notification panel over the home page.
  await page.goto('/home');
  await settle(page);
  await page.getByRole('button', { name: 'မီနူးကို ဖွင့်ရန်' }).click();
  await walk.scan('home+menu');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: /^အသိပေးချက်များကို ဖွင့်ရန်/ }).click();
  await walk.scan('home+notifications');
  await page.keyboard.press('Escape');

  // The order page, as the game page leaves it.
  const [productId, price] = sql(`SELECT id, price FROM products WHERE sku = 'pubg-coin-660'`).split('|').map(Number) as [number, number];
  const serviceId = Number(sql(`SELECT id FROM services WHERE slug = 'top-up'`));
  await page.evaluate(
    ([orderId, totalPrice, service]) =>
      localStorage.setItem(
        'pending_order',
        JSON.stringify({ orderId, orderType: 'coin', image: '/media/products/diamond-s.svg', title: '660 UC', totalPrice, service_id: service, game_uid: '51234567', game_server: '' }),
      ),
    [productId, price + 50, serviceId] as const,
  );
  await walk.visit('/order');

  // A banned customer's page.
  const banned = sqlCustomer();
  const bannedSession = await login(request, { phone_number: banned.phone_number, password: 'customer123' });
  const ban = await request.post(`/api/admin/users/${bannedSession.user.id}/ban`, { headers: asAdmin, data: { reason: 'လိမ်လည်မှု သံသယ' } });
  expect(ban.ok(), await ban.text()).toBeTruthy();
  await page.context().clearCookies();
  await applySession(page, bannedSession);
  await walk.visit('/banned');

  expect(walk.findings).toEqual({});
});

test('every back-office screen in Burmese shows no English', async ({ page, request }) => {
  test.setTimeout(180_000);
  const admin = await login(request, ADMIN);
  const headers = { Authorization: `Bearer ${admin.token}` };
  const first = async (path: string) => ((await (await request.get(path, { headers })).json()) as { data: { data: { id: number }[] } }).data.data[0]?.id;
  const topup = await first('/api/admin/topups?status=all');
  const order = await first('/api/admin/orders?view=all');
  const user = await first('/api/admin/users?q=09123456789');

  await prefer(page, 'light', 'my');
  await applySession(page, admin);
  // The back office shows the catalogue's own English fields (service names, banner titles) and its
  // slugs and SKUs beside the Burmese ones, and people's usernames: data people typed, not labels.
  const catalogue = sql(
    `SELECT string_agg(v, E'\\n') FROM (SELECT name AS v FROM services UNION SELECT slug FROM services UNION SELECT slug FROM games UNION SELECT sku FROM products WHERE sku IS NOT NULL UNION SELECT title FROM banners UNION SELECT username FROM users) n`,
  ).split('\n');
  const walk = new Walk(page, latinAllowList(catalogue));
  for (const path of [
    '/dashboard',
    '/dashboard/topups?status=all',
    ...(topup ? [`/dashboard/topups/${topup}`] : []),
    '/dashboard/orders?view=all',
    ...(order ? [`/dashboard/orders/${order}`] : []),
    '/dashboard/refunds',
    '/dashboard/users',
    ...(user ? [`/dashboard/users/${user}`] : []),
    '/dashboard/catalogue/products',
    '/dashboard/catalogue/codes',
    '/dashboard/catalogue/games',
    '/dashboard/catalogue/services',
    '/dashboard/catalogue/payments',
    '/dashboard/catalogue/banners',
    '/dashboard/receipt-checks',
    '/dashboard/reviews',
    '/dashboard/audit',
    '/dashboard/events',
  ]) {
    await walk.visit(path);
  }
  expect(walk.findings).toEqual({});
});
