import { expect, test, type Browser, type BrowserContext, type Page } from './test';

import { applySession, expectNoHorizontalScroll, newCustomer, png, prefer, screenshot, sql, watchSubscriptions, type LoginBody } from './helpers';

// A refund, end to end (docs/spec.md §1): a customer buys, asks for a refund
// from the order history, and an admin approves it in another browser
// context; the customer's balance, wallet statement and order status change
// without a reload. Customers are made in SQL with the demo customer's
// password: sign-ups are limited per address and the other specs need them.

test.describe.configure({ mode: 'serial' });

const ADMIN = { phone_number: '09000000001', password: 'admin123' };

const runs = [
  { width: 375, theme: 'light', language: 'en', screenshot: true },
  { width: 1280, theme: 'dark', language: 'my', screenshot: false },
] as const;

const text = {
  en: {
    request: 'Request refund',
    dialog: /^Refund for order #\d+$/,
    reason: 'What went wrong?',
    send: 'Send request',
    requested: 'Refund requested',
    approved: 'Refund approved',
    refunded: 'Refunded',
    refundEntry: 'Refund',
    entries: 'Wallet entries',
  },
  my: {
    request: 'ငွေပြန်အမ်းရန် တောင်းဆိုမည်',
    dialog: /^အော်ဒါ #\d+ အတွက် ငွေပြန်အမ်းရန်$/,
    reason: 'ဘာဖြစ်သွားပါသလဲ။',
    send: 'တောင်းဆိုချက် ပို့မည်',
    requested: 'ငွေပြန်အမ်းရန် တောင်းဆိုထားသည်',
    approved: 'ငွေပြန်အမ်းမှု အတည်ပြုပြီး',
    refunded: 'ငွေပြန်အမ်းပြီး',
    refundEntry: 'ငွေပြန်အမ်း',
    entries: 'ပိုက်ဆံအိတ် စာရင်းများ',
  },
} as const;

// One spelling of the currency per language: Ks in English, ကျပ် in Burmese.
const kyat = (n: number, language: 'en' | 'my') => `${new Intl.NumberFormat('en-US').format(n)} ${language === 'my' ? 'ကျပ်' : 'Ks'}`;

let adminContext: BrowserContext;
let admin: Page;
let adminToken = '';
let adminSockets: ReturnType<typeof watchSubscriptions>;

async function adminSession(browser: Browser) {
  adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const response = await adminContext.request.post('/api/login', { data: ADMIN });
  expect(response.ok(), await response.text()).toBeTruthy();
  const login = (await response.json()) as LoginBody;
  adminToken = login.token;
  admin = await adminContext.newPage();
  adminSockets = watchSubscriptions(admin);
  await applySession(admin, login);
}

test.beforeAll(async ({ browser }) => adminSession(browser));
test.afterAll(async () => adminContext?.close());

for (const run of runs) {
  test(`refund: buy, request, an admin approves, everything changes live (${run.width}-${run.theme}-${run.language})`, async ({ browser }) => {
    const t = text[run.language];
    const context = await browser.newContext({ viewport: { width: run.width, height: 900 } });
    try {
      const person = newCustomer();
      sql(
        `INSERT INTO users (username, phone, password_hash) SELECT '${person.username}', '${person.international}', password_hash FROM users WHERE phone = '+959123456789'`,
      );
      const login = await context.request.post('/api/login', { data: { phone_number: person.phone_number, password: 'customer123' } });
      expect(login.ok(), await login.text()).toBeTruthy();
      const session = (await login.json()) as LoginBody;
      const auth = { Authorization: `Bearer ${session.token}` };
      const funded = await context.request.post(`/api/admin/users/${session.user.id}/wallet`, {
        headers: { Authorization: `Bearer ${adminToken}`, 'Idempotency-Key': `refund-e2e-${session.user.id}` },
        data: { amount: 20_000, reason: 'Refund journey funds' },
      });
      expect(funded.ok(), await funded.text()).toBeTruthy();

      // Two pages of one customer: the order history and the wallet statement.
      const history = await context.newPage();
      const wallet = await context.newPage();
      // Nothing published before a page has joined its channel reaches it.
      const joined = [history, wallet].map((page) => watchSubscriptions(page));
      for (const page of [history, wallet]) {
        await prefer(page, run.theme, run.language);
        await applySession(page, session);
      }
      await wallet.goto('/wallet');
      await history.goto(`/${person.username}`);
      const adminLoads = adminSockets.opened(); // the admin's page is the file's: loaded again on every run
      await admin.goto('/dashboard/refunds');
      await expect(admin.getByRole('heading', { name: 'Refunds', level: 1 })).toBeVisible();
      await Promise.all([...joined.map((sockets) => sockets.subscribed(`private-user.${session.user.id}`)), adminSockets.subscribed('private-admins', adminLoads)]);
      // A reload would drop this mark: everything below must arrive live.
      for (const page of [history, wallet]) await page.evaluate(() => ((window as unknown as { stillHere?: boolean }).stillHere = true));
      const balance = history.getByRole('status', { name: /Balance|လက်ကျန်ငွေ/ });
      await expect(balance).toContainText(kyat(20_000, run.language));

      // Buy a coin top-up; it shows up in the open history (order.updated).
      const productId = Number(sql(`SELECT id FROM products WHERE sku = 'pubg-coin-60'`));
      const bought = await context.request.post('/api/order', { headers: auth, data: { product_id: productId, game_uid: '5550001' } });
      expect(bought.ok(), await bought.text()).toBeTruthy();
      const order = ((await bought.json()) as { order: { id: number; total_price: number } }).order;
      await expect(balance).toContainText(kyat(20_000 - order.total_price, run.language));
      const row = (run.width < 640 ? history.getByRole('listitem') : history.getByRole('row')).filter({ has: history.getByText(`#${order.id}`, { exact: true }) });
      await expect(row).toBeVisible();

      // Ask for the refund from the row, with a reason and (on one run) a screenshot.
      await row.getByRole('button', { name: t.request }).click();
      const dialog = history.getByRole('dialog', { name: t.dialog });
      await dialog.getByLabel(t.reason).fill('ငွေပေးပြီး တစ်နာရီကြာ မရောက်သေးပါ — not received after an hour');
      if (run.width < 640) {
        await dialog.locator('input[type="file"]').setInputFiles({ name: 'screenshot.png', mimeType: 'image/png', buffer: png(order.id % 251) });
      }
      if (run.width < 640) await expectNoHorizontalScroll(history);
      if (run.screenshot) await screenshot(history, `refund-dialog-${run.width}-${run.theme}-${run.language}`);
      await dialog.getByRole('button', { name: t.send }).click();
      await expect(dialog).toBeHidden();
      await expect(row.getByText(t.requested)).toBeVisible();
      await expect(row.getByRole('button', { name: t.request })).toHaveCount(0);

      // The admin's queue gets it live (refund.updated on private-admins) and approves.
      const card = admin.getByRole('listitem').filter({ has: admin.getByRole('link', { name: new RegExp(`^#${order.id} · `) }) });
      await expect(card).toBeVisible();
      await expect(card).toContainText('not received after an hour');
      await expect(card).toContainText(person.username);
      if (run.width < 640) await expect(card.getByRole('button', { name: 'Show screenshot' })).toBeVisible();
      await card.getByRole('button', { name: 'Approve refund' }).click();
      const confirm = admin.getByRole('alertdialog', { name: `Refund order #${order.id}?` });
      await confirm.getByLabel('Note to the customer (optional)').fill('Sorry for the wait');
      await confirm.getByRole('button', { name: 'Approve refund' }).click();
      await expect(confirm).toBeHidden();
      await expect(card).toBeHidden(); // it left the waiting queue

      // The customer's screens change without a reload: balance, order status, statement.
      await expect(balance).toContainText(kyat(20_000, run.language));
      await expect(row.getByText(t.refunded)).toBeVisible();
      await expect(row.getByText(t.approved)).toBeVisible();
      await expect(row.getByText('Sorry for the wait')).toBeVisible();
      const entries = wallet.getByRole('list', { name: t.entries });
      await expect(entries.getByRole('listitem')).toHaveCount(3);
      await expect(entries.getByRole('listitem').first()).toContainText(t.refundEntry);
      await expect(entries.getByRole('listitem').first()).toContainText(`#${order.id}`);
      for (const page of [history, wallet]) {
        expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
        if (run.width < 640) await expectNoHorizontalScroll(page);
      }
      if (run.screenshot) {
        await screenshot(history, `refund-approved-${run.width}-${run.theme}-${run.language}`);
        await screenshot(admin, 'refund-admin-queue');
      }

      // A second request for the refunded order is refused by the server too.
      const again = await context.request.post(`/api/orders/${order.id}/refund`, { headers: auth, data: { reason: 'again' } });
      expect(again.status()).toBe(409);
      expect(((await again.json()) as { code: string }).code).toBe('order_already_refunded');
    } finally {
      await context.close();
    }
  });
}
