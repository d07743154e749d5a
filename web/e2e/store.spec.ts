import { expect, test, type APIRequestContext, type Page } from './test';

import { apiLogin, applySession, expectNoHorizontalScroll, newCustomer, registerByApi, screenshot, swipe, variants, watchSubscriptions, type LoginBody } from './helpers';

// the customer's store journey against the real server, as the
// seeded demo customer (09123456789, 50,000 Ks). Logins are throttled per IP
// and per account: the customer and the admin each log in once for the file.

test.describe.configure({ mode: 'serial' });

const CUSTOMER = { phone_number: '09123456789', password: 'customer123' };
const ADMIN = { phone_number: '09000000001', password: 'admin123' };

let customer: LoginBody & { user: { id: number; username: string } };
let adminToken = '';

async function login(request: APIRequestContext, who: typeof CUSTOMER) {
  let response = await request.post('/api/login', { data: who });
  // The whole suite signs in as the seeded customer from one address: when the
  // login limit answers 429, wait as its Retry-After says, as an app would.
  if (response.status() === 429) {
    await new Promise((resolve) => setTimeout(resolve, (Number(response.headers()['retry-after']) || 5) * 1000 + 200));
    response = await request.post('/api/login', { data: who });
  }
  expect(response.ok(), await response.text()).toBeTruthy();
  return (await response.json()) as LoginBody & { user: { id: number; username: string } };
}

async function call<T>(request: APIRequestContext, method: 'get' | 'post', path: string, token: string, data?: unknown): Promise<T> {
  const response = await request[method](path, { headers: { Authorization: `Bearer ${token}` }, data });
  expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBeTruthy();
  return (await response.json()) as T;
}

async function walletOf(request: APIRequestContext): Promise<number> {
  const body = await call<{ data: { wallet_amount: number } }>(request, 'get', `/api/user/${customer.user.id}`, customer.token);
  return body.data.wallet_amount;
}

const ks = (amount: number) => `${amount.toLocaleString('en-US')} Ks`;

/** Signed in, with the private channel joined (so pushed events are not missed). */
async function openLive(page: Page, path: string) {
  await applySession(page, customer);
  const sockets = watchSubscriptions(page);
  await page.goto(path);
  await expect(page.getByRole('status', { name: 'Balance' })).toBeVisible();
  await sockets.subscribed(`private-user.${customer.user.id}`);
  return sockets;
}

test.beforeAll(async ({ request }) => {
  customer = await login(request, CUSTOMER);
  adminToken = (await login(request, ADMIN)).token;
});

test.use({ viewport: { width: 375, height: 812 } });

test('home → product list → buy a code: the code arrives live in the panel, copies, and the balance drops live', async ({ page, request, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const before = await walletOf(request);
  await openLive(page, '/home');
  await expect(page.getByRole('heading', { level: 1, name: 'Available Our Store' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Why choose us?' })).toBeVisible();
  await page.getByRole('link', { name: /Valorant Points/ }).click();
  await expect(page).toHaveURL(/\/detail\/code\/valorant-points\?page=1$/);
  expect(await page.evaluate(() => localStorage.getItem('slug'))).toBe('valorant-points');
  await expect(page.getByRole('heading', { level: 1, name: 'Code' })).toBeVisible();
  await page.getByRole('article', { name: '475 VP' }).getByRole('button', { name: 'Buy Code' }).click();

  await expect(page).toHaveURL(/\/order$/);
  await expect(page.getByText('11,050 Ks')).toBeVisible();
  await page.getByRole('button', { name: 'Confirm Order' }).click();
  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();
  await expect(page.getByRole('status', { name: 'Balance' })).toHaveText(new RegExp(ks(before - 11_050)));
  await screenshot(page, 'store-journey-code-confirmed');

  await page.getByRole('button', { name: 'Open notifications (unread messages)' }).click();
  const panel = page.getByRole('dialog', { name: /^Notifications \(\d+\)$/ });
  const code = panel.getByRole('button', { name: 'Copy code' }).first();
  // Shaped like a printed gift card's code (sql/seed demoCode).
  const shape = /[2-9A-HJ-NP-Z]{5}-[2-9A-HJ-NP-Z]{5}-[2-9A-HJ-NP-Z]{5}/;
  await expect(code).toContainText(shape);
  const text = (await code.textContent())?.match(shape)?.[0];
  await code.click();
  await expect(panel.getByText('Copied!')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(text);
  await screenshot(page, 'store-journey-code-in-panel');
});

test('a coin purchase with game info: pending in history, then completed live when fulfilled', async ({ page, request }) => {
  const live = await openLive(page, '/detail/top-up/mobile-legends');
  await page.getByRole('article', { name: '11 Diamonds' }).getByRole('button', { name: 'Purchase' }).click();
  const dialog = page.getByRole('dialog', { name: 'Enter Your Game Info' });
  await dialog.getByRole('button', { name: 'Confirm Info' }).click();
  await expect(dialog.getByText('⚠️ Game ID is required.')).toBeVisible();
  await dialog.getByLabel('Game ID').fill('12345678');
  await dialog.getByLabel('Server ID').fill('2001');
  await screenshot(page, 'store-journey-game-info');
  await dialog.getByRole('button', { name: 'Confirm Info' }).click();
  await expect(page).toHaveURL(/\/order$/);
  await expect(page.getByText('12345678')).toBeVisible();
  await page.getByRole('button', { name: 'Confirm Order' }).click();
  // What really happens: paid, and waiting for the delivery, in the history's words.
  await expect(page.getByRole('heading', { name: 'Paid — waiting for delivery' })).toBeVisible();
  await expect(page.getByText(/usually within 5 minutes/)).toBeVisible();
  const orders = await call<{ data: { data: { id: number; payment_status: string }[] } }>(request, 'get', '/api/orders', customer.token);
  const coin = orders.data.data[0]!;
  // Reloading the success screen (Android reloads a tab left for another app) shows the order, not a 404.
  const reloads = live.opened();
  await page.reload();
  await expect(page).toHaveURL(new RegExp(`/orders/${coin.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(`#${coin.id}`) })).toBeVisible();
  // The reload's socket is counted before the next load's is awaited: one opening late would
  // otherwise count as the next load's, and answer for it just before that load drops it.
  await live.subscribed(`private-user.${customer.user.id}`, reloads);

  const loads = live.opened();
  await page.goto(`/${customer.user.username}`);
  expect(coin.payment_status).toBe('pending');
  const card = page.getByRole('listitem').filter({ hasText: `#${coin.id}` });
  await expect(card.getByText('Paid — waiting for delivery')).toBeVisible();
  await live.subscribed(`private-user.${customer.user.id}`, loads);
  await call(request, 'post', `/api/admin/orders/${coin.id}/claim`, adminToken);
  await call(request, 'post', `/api/admin/orders/${coin.id}/complete`, adminToken, {});
  await expect(card.getByText('Completed')).toBeVisible();
});

test('top-up with a real PNG receipt, confirmed by an admin: balance and history update live', async ({ page, request }) => {
  const before = await walletOf(request);
  await openLive(page, '/top-up');
  await expect(page.getByRole('heading', { level: 1, name: 'Top Up Wallet' })).toBeVisible();
  const amount = page.getByLabel('Amount (Ks)');
  await amount.pressSequentially('50000.5');
  await expect(amount).toHaveValue('500005');
  await amount.fill('1500');
  await page.getByLabel('Payment method').selectOption({ label: 'KBZPay' });
  await expect(page.getByRole('button', { name: 'Copy account phone number' })).toContainText('09000000111');
  // The minimum is said while typing, before any button.
  await expect(page.getByText('Minimum top-up amount is 2,000 Ks')).toBeVisible();
  await page.getByRole('button', { name: 'I have paid' }).click();
  await expect(page.getByLabel('Payment receipt')).toHaveCount(0);

  await amount.fill('50000');
  const total = page.getByTestId('transfer-total');
  await expect(total).toHaveText(/^50,[0-9]{3} Ks$/);
  const transfer = Number((await total.textContent())?.replace(/\D/g, ''));
  expect(transfer).toBeGreaterThan(50_000);
  expect(transfer).toBeLessThanOrEqual(50_500);
  const receipt = await page.screenshot();
  await page.getByRole('button', { name: 'I have paid' }).click();
  await page.getByLabel('Payment receipt').setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: receipt });
  await expect(page.getByRole('img', { name: 'Receipt preview' })).toBeVisible();
  await screenshot(page, 'store-journey-topup-filled');
  await page.getByRole('button', { name: 'Submit Top-Up' }).click();
  const success = page.getByRole('dialog', { name: 'Top-Up Submitted' });
  await expect(success).toBeVisible();
  await success.getByRole('button', { name: 'Close' }).click();

  const latest = page.getByTestId('latest-transaction');
  await expect(latest).toContainText(ks(transfer));
  await expect(latest.getByText('Pending')).toBeVisible();
  const list = await call<{ data: { data: { id: number; total: number }[] } }>(request, 'get', '/api/topup-orders', customer.token);
  const topup = list.data.data[0]!;
  expect(topup.total).toBe(transfer);

  await call(request, 'post', `/api/admin/topups/${topup.id}/confirm`, adminToken);
  await expect(page.getByTestId('credit-notice')).toHaveText(`+${transfer.toLocaleString('en-US')} Ks added to your wallet (top-up #${topup.id})`);
  await expect(latest.getByText('Confirmed')).toBeVisible();
  await expect(page.getByTestId(`topup-${topup.id}`).getByText('Confirmed')).toBeVisible();
  await expect(page.getByRole('status', { name: 'Balance' })).toHaveText(new RegExp(ks(before + transfer)));
  await screenshot(page, 'store-journey-topup-confirmed');
});

test('a customer with three top-ups waiting is told to wait, in English and Burmese', async ({ page, request }) => {
  const someone = newCustomer();
  await registerByApi(request, someone);
  const session = await apiLogin(request, someone);
  const receipt = await page.screenshot();
  for (const amount of [20_000, 21_000, 22_000]) {
    const quote = await call<{ data: { amount: number; quote: string } }>(request, 'get', `/api/topup-quote?amount=${amount}`, session.token);
    const upload = await request.post('/api/uploads', {
      headers: { Authorization: `Bearer ${session.token}` },
      multipart: { file: { name: 'receipt.png', mimeType: 'image/png', buffer: receipt } },
    });
    expect(upload.ok(), await upload.text()).toBeTruthy();
    const uploadId = ((await upload.json()) as { data: { id: number } }).data.id;
    await call(request, 'post', '/api/topup-orders', session.token, { amount: quote.data.amount, payment_method: 'KBZPay', upload_id: uploadId, quote: quote.data.quote });
  }
  await applySession(page, session);
  // A new form on every load (the tab keeps a refused one, paid, for a retry).
  await page.addInitScript(() => sessionStorage.clear());
  for (const [language, words] of [
    ['en', 'You already have 3 top-ups waiting to be checked.'],
    ['my', 'စစ်ဆေးရန် စောင့်ဆိုင်းနေသော ငွေဖြည့်မှု 3 ခု ရှိနေပြီဖြစ်ပါသည်။'],
  ] as const) {
    await page.goto('/top-up');
    await page.evaluate((lang) => localStorage.setItem('lang', lang), language);
    await page.reload();
    await page.locator('input[inputmode="numeric"]').fill('23000');
    await page.locator('select').selectOption({ label: 'KBZPay' });
    await expect(page.getByTestId('transfer-total')).toHaveText(/23,[0-9]{3}/);
    await page.locator('button[type="submit"]').click(); // "I have paid": the receipt step opens
    await page.locator('input[type="file"]').setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: receipt });
    await page.locator('button[type="submit"]').click();
    await expect(page.getByRole('alertdialog')).toContainText(words);
    await screenshot(page, `store-topup-too-many-open-${language}`);
  }
});

test.describe('on a touch phone', () => {
  test.use({ hasTouch: true });

  test('an account purchase from the preview carousel (buttons and swipes) shows the credentials, then in history', async ({ page }) => {
    await openLive(page, '/detail/account/mlbb-accounts');
    const card = page.getByRole('article', { name: /Grandmaster account/ });
    await card.getByRole('button', { name: /Preview/ }).click();
    const carousel = page.getByRole('dialog', { name: /Preview images of Grandmaster/ });
    await expect(carousel.getByText('Image 1 of 3')).toBeVisible();
    await carousel.getByRole('button', { name: 'Next image' }).click();
    await expect(carousel.getByText('Image 2 of 3')).toBeVisible();
    await swipe(page, carousel.getByTestId('carousel-stage'), -160);
    await expect(carousel.getByText('Image 3 of 3')).toBeVisible();
    await swipe(page, carousel.getByTestId('carousel-stage'), 160);
    await expect(carousel.getByText('Image 2 of 3')).toBeVisible();
    await screenshot(page, 'store-journey-carousel');
    await carousel.getByRole('button', { name: 'Buy Now' }).click();
    await expect(page).toHaveURL(/\/order$/);
    await page.getByRole('button', { name: 'Confirm Order' }).click();
    await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Copy E-mail', exact: true })).toContainText('@mail.example');
    await expect(page.getByRole('button', { name: 'Copy Game password' })).toContainText(/[A-Za-z0-9]{10}/);
    await expect(page.getByText('Change both passwords right away.')).toBeVisible();
    await screenshot(page, 'store-journey-account-credentials');

    await page.goto(`/${customer.user.username}`);
    await page.getByRole('button', { name: 'View Account' }).first().click();
    const view = page.getByRole('dialog', { name: 'Account details' });
    await expect(view.getByRole('button', { name: 'Copy E-mail', exact: true })).toContainText('@mail.example');
    await screenshot(page, 'store-journey-view-account');
  });
});

test('insufficient balance says how much to top up and links to /top-up', async ({ page }) => {
  await openLive(page, '/detail/account/pubg-accounts');
  await page.getByRole('article', { name: /Conqueror account/ }).getByRole('button', { name: 'Buy Now' }).click();
  await page.getByRole('button', { name: 'Confirm Order' }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText(/Please top up at least [\d,]+ Ks\./);
  await screenshot(page, 'store-journey-insufficient');
  await alert.getByRole('link', { name: 'Top up your wallet' }).click();
  // The shortfall is filled in, and the top-up comes back to the order.
  await expect(page).toHaveURL(/\/top-up\?amount=\d+&return=%2Forder$/);
});

test('pagination: page in the URL, numbered buttons, next page', async ({ page }) => {
  // A game's price list is one page (issue 25); search results still page by 12.
  await applySession(page, customer);
  await page.goto('/search?q=diamond');
  await expect(page.getByText('Current Page: 1 of 2')).toBeVisible();
  await page.getByRole('button', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect(page.getByText('Current Page: 2 of 2')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
});

test('search in English and Burmese, no results, Home button', async ({ page }) => {
  await page.goto('/search?q=diamond');
  await expect(page.getByRole('heading', { level: 1, name: 'Results for “diamond”' })).toBeVisible();
  await expect(page.getByRole('link', { name: /86 Diamonds/ })).toBeVisible();
  await page.goto(`/search?q=${encodeURIComponent('စိန်')}`);
  await expect(page.getByRole('link', { name: /Diamonds/ }).first()).toBeVisible();
  await page.getByLabel('Search games and products').fill('zzzzzz');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/q=zzzzzz/);
  await expect(page.getByText('No results found')).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Home', exact: true }).click();
  await expect(page).toHaveURL(/\/(home|login)$/);
});

// Every store page at phone and desktop widths, light and dark, English and
// Burmese: the four variants that see each pair of those (helpers.ts).
for (const { width, theme, language, name: variant } of variants) {
  test(`store pages ${variant}`, async ({ page }) => {
    await page.setViewportSize({ width, height: width < 640 ? 812 : 900 });
    await applySession(page, customer);
    await page.addInitScript(
      ([t, l]) => {
        localStorage.setItem('theme', t);
        localStorage.setItem('lang', l);
        localStorage.setItem(
          'pending_order',
          JSON.stringify({ orderId: 1, orderType: 'coin', image: '/media/products/diamond-s.svg', title: '11 Diamonds', totalPrice: 800, service_id: 1, game_uid: '12345678', game_server: '2001' }),
        );
      },
      [theme, language] as const,
    );
    const pages = [
      ['home', '/home'],
      ['detail-coin', '/detail/top-up/mobile-legends'],
      ['detail-code', '/detail/code/valorant-points'],
      ['detail-account', '/detail/account/mlbb-accounts'],
      ['order', '/order'],
      ['top-up', '/top-up'],
      ['profile', `/${customer.user.username}`],
      ['search', `/search?q=${language === 'my' ? encodeURIComponent('စိန်') : 'diamond'}`],
    ] as const;
    for (const [name, path] of pages) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('[role="status"] .animate-spin')).toHaveCount(0);
      await page.evaluate(() => document.fonts.ready);
      await page.waitForLoadState('networkidle');
      await expectNoHorizontalScroll(page);
      await screenshot(page, `store-${name}-${variant}`);
    }
    await page.goto('/top-up');
    await page.getByRole('button', { name: language === 'en' ? /^Open notifications/ : /^အသိပေးချက်များကို ဖွင့်ရန်/ }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.waitForTimeout(300);
    await expectNoHorizontalScroll(page);
    await page.screenshot({ path: `test-results/screens/store-notifications-${variant}.png` });
  });
}
