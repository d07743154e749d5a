import { readFileSync } from 'node:fs';

import { expect, test, type APIRequestContext } from './test';

import { applySession, expectNoHorizontalScroll, newCustomer, prefer, screenshot, sql, watchSubscriptions, type LoginBody } from './helpers';

// the wallet statement. A fresh customer gets two admin
// adjustments (one while the page is open), reaches /wallet from the balance
// pill, sees every entry add up to the balance, and downloads the month as
// a CSV that keeps its Burmese.

test.describe.configure({ mode: 'serial' });

const ADMIN = { phone_number: '09000000001', password: 'admin123' };
const REASON = 'ပွဲတော် ဆုကြေးငွေ'; // a Burmese reason must survive to the CSV

let adminToken = '';

async function adjust(request: APIRequestContext, userId: number, amount: number, reason: string) {
  const response = await request.post(`/api/admin/users/${userId}/wallet`, {
    headers: { Authorization: `Bearer ${adminToken}`, 'Idempotency-Key': `wallet-e2e-${userId}-${amount}` },
    data: { amount, reason },
  });
  expect(response.ok(), await response.text()).toBeTruthy();
}

test.beforeAll(async ({ request }) => {
  const response = await request.post('/api/login', { data: ADMIN });
  expect(response.ok(), await response.text()).toBeTruthy();
  adminToken = ((await response.json()) as LoginBody).token;
});

const runs = [
  { width: 375, theme: 'light', language: 'en' },
  { width: 1280, theme: 'dark', language: 'my' },
] as const;

const text = {
  en: { pill: /^Wallet statement: balance/, title: 'Wallet statement', balance: 'Balance: 4,000 Ks', download: 'Download CSV', adjustment: 'Adjustment by the store', unread: 'Open notifications (unread messages)', taken: '1,000 Ks was taken from your wallet: Correction of a double credit' },
  my: { pill: /^ပိုက်ဆံအိတ် စာရင်း — လက်ကျန်/, title: 'ပိုက်ဆံအိတ် စာရင်း', balance: 'လက်ကျန်: 4,000 ကျပ်', download: 'CSV ဒေါင်းလုဒ်', adjustment: 'ဆိုင်မှ ပြင်ဆင်ချက်', unread: 'အသိပေးချက်များကို ဖွင့်ရန် (မဖတ်ရသေးသော စာများ)', taken: '1,000 ကျပ် ကို သင့်ပိုက်ဆံအိတ်မှ နုတ်ယူပြီးပါပြီ- Correction of a double credit' },
} as const;

for (const run of runs) {
  test(`wallet statement: entries add up, a new one arrives live, the month downloads (${run.width}-${run.theme}-${run.language})`, async ({ page, request }) => {
    const t = text[run.language];
    await page.setViewportSize({ width: run.width, height: 900 });
    await prefer(page, run.theme, run.language);
    // Made in SQL with the demo customer's password: sign-ups are limited
    // per address (10, then one every 6 minutes) and the other specs need them.
    const customer = newCustomer();
    sql(
      `INSERT INTO users (username, phone, password_hash) SELECT '${customer.username}', '${customer.international}', password_hash FROM users WHERE phone = '+959123456789'`,
    );
    const login = await request.post('/api/login', { data: { phone_number: customer.phone_number, password: 'customer123' } });
    expect(login.ok(), await login.text()).toBeTruthy();
    const session = (await login.json()) as LoginBody;
    await adjust(request, session.user.id, 5000, REASON);
    await applySession(page, session);
    const sockets = watchSubscriptions(page);

    await page.goto('/home');
    await page.getByRole('link', { name: t.pill }).click();
    await expect(page).toHaveURL(/\/wallet$/);
    await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();
    const entries = page.getByRole('list', { name: /Wallet entries|ပိုက်ဆံအိတ် စာရင်းများ/ });
    await expect(entries.getByRole('listitem')).toHaveCount(1);
    await expect(entries.getByRole('listitem').first()).toContainText(REASON);
    await sockets.subscribed(`private-user.${session.user.id}`);

    // An adjustment while the page is open appears without a reload.
    await adjust(request, session.user.id, -1000, 'Correction of a double credit');
    await expect(entries.getByRole('listitem')).toHaveCount(2);
    await expect(entries.getByRole('listitem').first()).toContainText(t.adjustment);
    await expect(page.getByText(t.balance)).toBeVisible();
    await expectNoHorizontalScroll(page);
    // The customer did not make these changes: each came with a message saying why.
    await page.getByRole('button', { name: t.unread }).click();
    await expect(page.getByRole('dialog').getByText(t.taken)).toBeVisible();
    await page.keyboard.press('Escape');
    await screenshot(page, `wallet-${run.width}-${run.theme}-${run.language}`);

    // The month as CSV, read back: a BOM, the Burmese reason, both entries.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: t.download }).click()]);
    const csv = readFileSync((await download.path()) ?? '', 'utf8');
    expect(csv.startsWith('\uFEFF')).toBeTruthy();
    expect(csv).toContain(REASON);
    expect(csv.trim().split('\n')).toHaveLength(3);
    expect(download.suggestedFilename()).toMatch(/^shwe-topup-statement-\d{4}-\d{2}\.csv$/);
  });
}
