import { expect, test, type APIRequestContext } from './test';

import { applySession, expectNoHorizontalScroll, newCustomer, prefer, screenshot, sql, type LoginBody } from './helpers';

// The server speaks the customer's language (docs/architecture.md#the-api-contract):
// a refusal arrives in Burmese with its amount separated, and the store's own
// messages are worded from their codes, again when the customer switches.

test.use({ viewport: { width: 375, height: 812 } });

const ADMIN = { phone_number: '09000000001', password: 'admin123' };

async function login(request: APIRequestContext, data: { phone_number: string; password: string }) {
  const response = await request.post('/api/login', { data });
  expect(response.ok(), await response.text()).toBeTruthy();
  return (await response.json()) as LoginBody;
}

test('in Burmese: a short wallet is told the amount in ကျပ် with separators, and the notification panel re-words a store message on switching to English', async ({ page, request }) => {
  // Made in SQL with the demo customer's password: sign-ups are limited per address.
  const customer = newCustomer();
  sql(
    `INSERT INTO users (username, phone, password_hash) SELECT '${customer.username}', '${customer.international}', password_hash FROM users WHERE phone = '+959123456789'`,
  );
  const session = await login(request, { phone_number: customer.phone_number, password: 'customer123' });
  const [id, price] = sql(`SELECT id, price FROM products WHERE sku = 'pubg-coin-660'`).split('|').map(Number) as [number, number];
  const serviceId = Number(sql(`SELECT id FROM services WHERE slug = 'top-up'`));
  expect(price).toBeGreaterThan(1000);

  await prefer(page, 'light', 'my');
  await page.addInitScript(
    ([orderId, totalPrice, service]) =>
      localStorage.setItem(
        'pending_order',
        JSON.stringify({ orderId, orderType: 'coin', image: '/media/products/diamond-s.svg', title: '660 UC', totalPrice, service_id: service, game_uid: '51234567', game_server: '' }),
      ),
    [id, price, serviceId] as const,
  );
  await applySession(page, session);
  await page.goto('/order');
  await page.getByRole('button', { name: 'အော်ဒါ အတည်ပြုမည်' }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText(/\d{1,3}(,\d{3})+ ကျပ်/);
  await expect(alert).not.toContainText(/Ks|wallet|balance/i);
  await expectNoHorizontalScroll(page);
  await screenshot(page, 'i18n-insufficient-375-my');

  // The store writes a message (an admin's wallet adjustment) while the page is open.
  const admin = await login(request, ADMIN);
  const adjusted = await request.post(`/api/admin/users/${session.user.id}/wallet`, {
    headers: { Authorization: `Bearer ${admin.token}`, 'Idempotency-Key': `i18n-e2e-${session.user.id}` },
    data: { amount: 12050, reason: 'Festival bonus' },
  });
  expect(adjusted.ok(), await adjusted.text()).toBeTruthy();

  await page.goto('/home');
  await page.getByRole('button', { name: /^အသိပေးချက်များကို ဖွင့်ရန်/ }).click();
  const panel = page.getByRole('dialog');
  await expect(panel.getByRole('heading', { name: 'ပိုက်ဆံအိတ်ကို ချိန်ညှိထားပါသည်' })).toBeVisible();
  await expect(panel.getByText('12,050 ကျပ် ကို သင့်ပိုက်ဆံအိတ်ထဲသို့ ထည့်ပေးပြီးပါပြီ- Festival bonus')).toBeVisible();
  await expectNoHorizontalScroll(page);
  await screenshot(page, 'i18n-notifications-375-my');
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'မီနူးကို ဖွင့်ရန်' }).click();
  await page.getByRole('button', { name: 'English' }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: /^Open notifications/ }).click();
  await expect(panel.getByRole('heading', { name: 'Your wallet was adjusted' })).toBeVisible();
  await expect(panel.getByText('12,050 Ks was added to your wallet: Festival bonus')).toBeVisible();
  await screenshot(page, 'i18n-notifications-375-en');
});
