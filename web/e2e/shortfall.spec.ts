import { expect, test } from './test';

import { applySession, expectNoHorizontalScroll, newCustomer, prefer, screenshot, sql, watchSubscriptions, type LoginBody } from './helpers';

// A short balance is said before Confirm, with the exact shortfall; its top-up
// link fills the top-up form with it and comes back to the order, and once the
// admin confirms the top-up the notice goes by itself (the balance is live).

test.describe.configure({ mode: 'serial' });

const ADMIN = { phone_number: '09000000001', password: 'admin123' };
let adminToken = '';

test.beforeAll(async ({ request }) => {
  const response = await request.post('/api/login', { data: ADMIN });
  expect(response.ok(), await response.text()).toBeTruthy();
  adminToken = ((await response.json()) as LoginBody).token;
});

const text = {
  en: { buy: 'Buy Now', total: 'Total', short: /^Your balance is 0 Ks: ([\d,]+) Ks short for this order\.$/, topUp: (n: string) => `Top up ${n} Ks`, amount: 'Amount (Ks)', method: 'Payment method', paid: 'I have paid', receipt: 'Payment receipt', submit: 'Submit Top-Up', back: 'Back to my order', confirm: 'Confirm Order' },
  my: { buy: 'ယခုဝယ်မည်', total: 'စုစုပေါင်း', short: /^သင့်လက်ကျန်ငွေ 0 ကျပ် ဖြစ်ပြီး ဤအော်ဒါအတွက် ([\d,]+) ကျပ် လိုပါသည်။$/, topUp: (n: string) => `${n} ကျပ် ငွေဖြည့်မည်`, amount: 'ပမာဏ (ကျပ်)', method: 'ငွေပေးချေမှု နည်းလမ်း', paid: 'ငွေလွှဲပြီးပါပြီ', receipt: 'ငွေလွှဲ ပြေစာ', submit: 'ငွေဖြည့်ရန် တင်သွင်းမည်', back: 'ကျွန်ုပ်၏ အော်ဒါသို့ ပြန်သွားမည်', confirm: 'အော်ဒါ အတည်ပြုမည်' },
} as const;

const runs = [
  { theme: 'light', language: 'en' },
  { theme: 'dark', language: 'my' },
] as const;

for (const run of runs) {
  test(`a short balance is shown before Confirm and its pre-filled top-up returns to the order (375-${run.theme}-${run.language})`, async ({ page, request }) => {
    const t = text[run.language];
    await page.setViewportSize({ width: 375, height: 812 });
    await prefer(page, run.theme, run.language);
    // Made in SQL with the demo customer's password and an empty wallet: sign-ups are limited per address.
    const customer = newCustomer();
    sql(`INSERT INTO users (username, phone, password_hash) SELECT '${customer.username}', '${customer.international}', password_hash FROM users WHERE phone = '+959123456789'`);
    const login = await request.post('/api/login', { data: { phone_number: customer.phone_number, password: 'customer123' } });
    expect(login.ok(), await login.text()).toBeTruthy();
    const session = (await login.json()) as LoginBody;
    await applySession(page, session);
    const sockets = watchSubscriptions(page);

    await page.goto('/detail/account/pubg-accounts');
    await page.getByRole('button', { name: t.buy }).and(page.locator(':enabled')).first().click();
    await expect(page).toHaveURL(/\/order$/);
    const shortfall = page.getByTestId('shortfall');
    await expect(shortfall).toBeVisible();
    const line = (await shortfall.locator('p').textContent()) ?? '';
    const missing = t.short.exec(line)?.[1];
    expect(missing, `shortfall line: ${line}`).toBeTruthy();
    // The exact shortfall is the order's total, the wallet being empty.
    const total = (await page.getByRole('definition').last().textContent()) ?? '';
    expect(total.replace(/\D/g, '')).toBe(missing!.replace(/\D/g, ''));
    await expectNoHorizontalScroll(page);
    await screenshot(page, `order-shortfall-375-${run.theme}-${run.language}`);

    await shortfall.getByRole('link', { name: t.topUp(missing!) }).click();
    await expect(page).toHaveURL(/\/top-up\?amount=\d+&return=%2Forder$/);
    await expect(page.getByLabel(t.amount)).toHaveValue(missing!.replace(/\D/g, ''));
    await page.getByLabel(t.method).selectOption({ label: 'KBZPay' });
    await expect(page.getByTestId('transfer-total')).toBeVisible();
    await page.getByRole('button', { name: t.paid }).click();
    await page.getByLabel(t.receipt).setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: await page.screenshot() });
    await page.getByRole('button', { name: t.submit }).click();
    await page.getByRole('dialog').getByRole('button', { name: t.back }).click();

    // Back at the same order; the notice stays until the money is in.
    await expect(page).toHaveURL(/\/order$/);
    await expect(page.getByRole('button', { name: t.confirm })).toBeVisible();
    await expect(shortfall).toBeVisible();
    await sockets.subscribed(`private-user.${session.user.id}`);
    const list = await request.get('/api/topup-orders', { headers: { Authorization: `Bearer ${session.token}` } });
    const topup = ((await list.json()) as { data: { data: { id: number }[] } }).data.data[0]!;
    const confirmed = await request.post(`/api/admin/topups/${topup.id}/confirm`, { headers: { Authorization: `Bearer ${adminToken}` } });
    expect(confirmed.ok(), await confirmed.text()).toBeTruthy();
    await expect(shortfall).toHaveCount(0);
    await screenshot(page, `order-after-topup-375-${run.theme}-${run.language}`);
  });
}
