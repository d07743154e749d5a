import { expect, test, type APIRequestContext, type Page } from './test';

import { applySession, expectNoHorizontalScroll, newCustomer, prefer, screenshot, sql, type LoginBody } from './helpers';

// The customer's journey after paying: an order's own page (why a coin
// order failed, its timeline, a printable receipt), a review written from a
// completed order and then read on the home page, and a price that changes
// between showing the order and confirming it. Phone width in Burmese, and
// the desktop width in the dark theme.

test.describe.configure({ mode: 'serial' });

const ADMIN = { phone_number: '09000000001', password: 'admin123' };
let adminToken = '';

test.beforeAll(async ({ request }) => {
  const response = await request.post('/api/login', { data: ADMIN });
  expect(response.ok(), await response.text()).toBeTruthy();
  adminToken = ((await response.json()) as LoginBody).token;
});

const runs = [
  { width: 375, theme: 'light', language: 'my' },
  { width: 1280, theme: 'dark', language: 'en' },
] as const;

const text = {
  en: {
    failReason: 'Why it failed:',
    failedStep: 'Failed, money returned to wallet',
    print: 'Print receipt',
    stars: '5 of 5 stars',
    comment: 'Your review (optional)',
    send: 'Send review',
    thanks: 'Thank you! Your review has been sent.',
    reviews: 'What customers say',
    confirm: 'Confirm Order',
    confirmNew: 'Confirm at the new price',
    confirmed: 'Order Confirmed!',
    searchButton: 'Open search',
    searchBox: 'Search the shop',
  },
  my: {
    failReason: 'မအောင်မြင်ရသည့် အကြောင်းရင်း -',
    failedStep: 'မအောင်မြင်ပါ၊ ငွေကို ပိုက်ဆံအိတ်သို့ ပြန်ထည့်ပြီး',
    print: 'ပြေစာ ပရင့်ထုတ်မည်',
    stars: 'ကြယ် 5 ပွင့်တွင် 5 ပွင့်',
    comment: 'သင့် သုံးသပ်ချက် (မဖြစ်မနေ မဟုတ်ပါ)',
    send: 'သုံးသပ်ချက် ပို့မည်',
    thanks: 'ကျေးဇူးတင်ပါသည်! သင့်သုံးသပ်ချက်ကို ပို့ပြီးပါပြီ။',
    reviews: 'ဝယ်ယူသူများ၏ သုံးသပ်ချက်',
    confirm: 'အော်ဒါ အတည်ပြုမည်',
    confirmNew: 'ဈေးနှုန်းအသစ်ဖြင့် အတည်ပြုမည်',
    confirmed: 'အော်ဒါ အတည်ပြုပြီးပါပြီ!',
    searchButton: 'ရှာဖွေမှု ဖွင့်ရန်',
    searchBox: 'ဆိုင်တွင် ရှာရန်',
  },
} as const;

/** A funded customer made in SQL (sign-ups are rate-limited per address), signed in through the API. */
async function fundedCustomer(request: APIRequestContext, amount: number) {
  const customer = newCustomer();
  sql(
    `INSERT INTO users (username, phone, password_hash) SELECT '${customer.username}', '${customer.international}', password_hash FROM users WHERE phone = '+959123456789'`,
  );
  const login = await request.post('/api/login', { data: { phone_number: customer.phone_number, password: 'customer123' } });
  expect(login.ok(), await login.text()).toBeTruthy();
  const session = (await login.json()) as LoginBody;
  const funds = await request.post(`/api/admin/users/${session.user.id}/wallet`, {
    headers: { Authorization: `Bearer ${adminToken}`, 'Idempotency-Key': `journey-e2e-${session.user.id}` },
    data: { amount, reason: 'e2e funds' },
  });
  expect(funds.ok(), await funds.text()).toBeTruthy();
  return { customer, session };
}

async function buy(request: APIRequestContext, token: string, sku: string, gameUid?: string) {
  const id = sql(`SELECT id FROM products WHERE sku = '${sku}'`);
  const response = await request.post('/api/order', {
    headers: { Authorization: `Bearer ${token}` },
    data: { product_id: Number(id), game_uid: gameUid },
  });
  expect(response.ok(), await response.text()).toBeTruthy();
  return ((await response.json()) as { order: { id: number } }).order.id;
}

async function open(page: Page, run: (typeof runs)[number], session: LoginBody) {
  await page.setViewportSize({ width: run.width, height: 900 });
  await prefer(page, run.theme, run.language);
  await applySession(page, session);
}

for (const run of runs) {
  const t = text[run.language];
  const name = `${run.width}-${run.theme}-${run.language}`;

  test(`a failed coin order: its page from the history shows the reason and the timeline (${name})`, async ({ page, request }) => {
    const { customer, session } = await fundedCustomer(request, 20000);
    const orderId = await buy(request, session.token, 'pubg-coin-60', '5550001');
    const reason = 'ဂိမ်း ID မှားနေပါသည်';
    const fail = await request.post(`/api/admin/orders/${orderId}/fail`, {
      headers: { Authorization: `Bearer ${adminToken}` },
      data: { reason, override: true },
    });
    expect(fail.ok(), await fail.text()).toBeTruthy();

    await open(page, run, session);
    await page.goto(`/${customer.username}`);
    await page.getByRole('link', { name: new RegExp(`#${orderId}`) }).first().click();
    await expect(page).toHaveURL(new RegExp(`/orders/${orderId}$`));
    const alert = page.getByRole('alert');
    await expect(alert).toContainText(t.failReason);
    await expect(alert).toContainText(reason);
    await expect(page.getByRole('listitem').filter({ hasText: t.failedStep })).toBeVisible();
    await expect(page.getByText('5550001')).toBeVisible();
    await expect(page.getByRole('button', { name: t.print })).toBeVisible();
    await expectNoHorizontalScroll(page);
    await screenshot(page, `order-detail-failed-${name}`);
    // The receipt prints without the site's header and footer.
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('banner')).toBeHidden();
    await expect(page.getByRole('button', { name: t.print })).toBeHidden();
    await screenshot(page, `order-detail-print-${name}`);
  });

  test(`a review written from a completed order shows on the home page (${name})`, async ({ page, request }) => {
    const { session } = await fundedCustomer(request, 30000);
    const orderId = await buy(request, session.token, 'steam-wallet-5');
    const words = `Fast code ${Date.now()} ကောင်းပါတယ်`;

    await open(page, run, session);
    await page.goto(`/orders/${orderId}`);
    await page.getByRole('radio', { name: t.stars }).click();
    await page.getByLabel(t.comment).fill(words);
    await page.getByRole('button', { name: t.send }).click();
    await expect(page.getByText(t.thanks)).toBeVisible();
    await screenshot(page, `order-detail-reviewed-${name}`);

    await page.goto('/home');
    const reviews = page.getByRole('region', { name: t.reviews });
    await expect(reviews.getByText(words)).toBeVisible();
    await expect(reviews.getByRole('img', { name: t.stars }).first()).toBeVisible();
    await expectNoHorizontalScroll(page);
    await screenshot(page, `home-reviews-${name}`);
  });

  test(`a price change between showing and confirming an order asks for the new price (${name})`, async ({ page, request }) => {
    const { session } = await fundedCustomer(request, 50000);
    await open(page, run, session);
    await page.goto('/detail/code/valorant-points');
    await page.getByRole('article', { name: /475 VP/ }).getByRole('button').last().click();
    await expect(page).toHaveURL(/\/order$/);
    await expect(page.getByText('11,050')).toBeVisible();
    const price = sql(`UPDATE products SET price = price + 500 WHERE sku = 'valorant-points-475' RETURNING price`);
    try {
      await page.getByRole('button', { name: t.confirm }).click();
      await expect(page.getByRole('alert')).toContainText('11,550');
      await expect(page.getByRole('button', { name: t.confirmNew })).toBeVisible();
      await screenshot(page, `order-price-changed-${name}`);
      await page.getByRole('button', { name: t.confirmNew }).click();
      await expect(page.getByRole('heading', { name: t.confirmed })).toBeVisible();
      // The balance comes from the answer: 50,000 − 11,550.
      await expect(page.getByRole('status').filter({ hasText: '38,450' })).toBeVisible();
    } finally {
      sql(`UPDATE products SET price = ${Number(price) - 500} WHERE sku = 'valorant-points-475'`);
    }
  });

  test(`search from the header, signed out (${name})`, async ({ page }) => {
    await page.setViewportSize({ width: run.width, height: 900 });
    await prefer(page, run.theme, run.language);
    await page.goto('/privacy-policy');
    const header = page.getByRole('banner');
    if (run.width < 768) {
      // Phones: a button in the header opens the search page.
      await header.getByRole('link', { name: t.searchButton }).click();
      await expect(page).toHaveURL(/\/search$/);
      await page.locator('#search-q').fill('PUBG');
      await page.locator('#search-q').press('Enter');
    } else {
      await header.getByRole('searchbox', { name: t.searchBox }).fill('PUBG');
      await header.getByRole('searchbox', { name: t.searchBox }).press('Enter');
    }
    await expect(page).toHaveURL(/\/search\?q=PUBG$/);
    await expect(page.getByRole('link', { name: /PUBG/ }).first()).toBeVisible();
    await expectNoHorizontalScroll(page);
    await screenshot(page, `search-from-header-${name}`);
  });
}
