import { expect, type APIRequestContext, type Page } from './test';

import { newCustomer, sql, type LoginBody } from './helpers';

// Every screen of the store and the back office, with the data that fills
// them, for the walks that look at all of them (the Burmese walk, the
// accessibility walk). Screens come from web/src/app/router.tsx and
// features/admin/routes.tsx.

export const ADMIN = { phone_number: '09000000001', password: 'admin123' };

/** Logs in through the API; a 429 (logins are limited per account and address) waits as its Retry-After says, once. */
export async function login(request: APIRequestContext, data: { phone_number: string; password: string }) {
  let response = await request.post('/api/login', { data });
  if (response.status() === 429) {
    await new Promise((resolve) => setTimeout(resolve, (Number(response.headers()['retry-after']) || 5) * 1000 + 200));
    response = await request.post('/api/login', { data });
  }
  expect(response.ok(), await response.text()).toBeTruthy();
  return (await response.json()) as LoginBody;
}

/** A customer made in SQL (sign-ups are limited per address) with the demo customer's password. */
export function sqlCustomer() {
  const customer = newCustomer();
  sql(
    `INSERT INTO users (username, phone, password_hash) SELECT '${customer.username}', '${customer.international}', password_hash FROM users WHERE phone = '+959123456789'`,
  );
  return customer;
}

/** Waits for a screen to settle: its main heading shown and no request in flight. */
export async function settle(page: Page) {
  await expect(page.locator('h1, [role="dialog"] h2').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
}

/** Screens anyone sees signed out. */
export const signedOutPaths = ['/login', '/register', '/privacy-policy', '/terms-of-service', '/security-policy', '/404', '/search?q=pubg'];

export type CustomerScreens = {
  customer: ReturnType<typeof newCustomer>;
  session: LoginBody;
  /** Screens the signed-in customer sees: their orders (pending, failed, a code), wallet, account. */
  signedIn: string[];
  /** A second customer, banned: their only screen is /banned. */
  banned: LoginBody;
};

/**
 * A customer with money, a pending coin order, a failed one and a delivered
 * code, and a banned customer (`admin` does what admins do). The admin writes the reasons in Burmese:
 * what people typed is theirs, in the language they chose.
 */
export async function customerScreens(request: APIRequestContext, admin: LoginBody): Promise<CustomerScreens> {
  const customer = sqlCustomer();
  const session = await login(request, { phone_number: customer.phone_number, password: 'customer123' });
  const asAdmin = { Authorization: `Bearer ${admin.token}` };
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
  // A code from whichever cheap code product has the most left: the seed
  // holds four or five of each, and the walks (four axe runs, the Burmese
  // walk) beside order-journeys' own steam-wallet-5 purchases would empty
  // any single one.
  const codeSku = sql(
    `SELECT p.sku FROM products p JOIN redeem_codes r ON r.product_id = p.id AND r.claimed_by_order_id IS NULL
     WHERE p.sku <> 'steam-wallet-5' AND p.price <= 30000 GROUP BY p.sku ORDER BY count(*) DESC, p.sku LIMIT 1`,
  );
  const code = await buy(codeSku);

  const bannedCustomer = sqlCustomer();
  const banned = await login(request, { phone_number: bannedCustomer.phone_number, password: 'customer123' });
  const ban = await request.post(`/api/admin/users/${banned.user.id}/ban`, { headers: asAdmin, data: { reason: 'လိမ်လည်မှု သံသယ' } });
  expect(ban.ok(), await ban.text()).toBeTruthy();

  const signedIn = [
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
  ];
  return { customer, session, signedIn, banned };
}

/** Leaves an order to confirm in the browser, as the game page does before it opens /order. */
export async function stashPendingOrder(page: Page) {
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
}

/** Every back-office screen, with a top-up, an order and a user to open. */
export async function adminScreens(request: APIRequestContext, admin: LoginBody) {
  const headers = { Authorization: `Bearer ${admin.token}` };
  const first = async (path: string) => ((await (await request.get(path, { headers })).json()) as { data: { data: { id: number }[] } }).data.data[0]?.id;
  const topup = await first('/api/admin/topups?status=all');
  const order = await first('/api/admin/orders?view=all');
  const user = await first('/api/admin/users?q=09123456789');
  const paths = [
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
  ];
  return paths;
}
