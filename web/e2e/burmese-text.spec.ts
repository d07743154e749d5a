import { expect, test, type Page } from './test';

import { applySession, newCustomer, prefer, sql, type LoginBody } from './helpers';

// Issue 25, Burmese that reads well: Burmese text is marked lang="my" also
// on English pages (names, reasons and messages people typed), so the
// browser breaks its lines between syllables and gives it the Myanmar line
// height; and that line height is about 1.8 (headings 1.5) wherever Burmese
// shows, the notification previews' two-line clamp included.

test.use({ viewport: { width: 375, height: 812 } });

const ADMIN = { phone_number: '09000000001', password: 'admin123' };

async function signIn(page: Page, data: { phone_number: string; password: string }) {
  const response = await page.request.post('/api/login', { data });
  expect(response.ok(), await response.text()).toBeTruthy();
  await applySession(page, (await response.json()) as LoginBody);
}

/** A customer made in SQL (sign-ups are limited per address) with a Burmese message from an admin and a top-up refused in Burmese. */
async function customerWithBurmese(page: Page) {
  const customer = newCustomer();
  const id = sql(
    `INSERT INTO users (username, phone, password_hash) SELECT '${customer.username}', '${customer.international}', password_hash FROM users WHERE phone = '+959123456789' RETURNING id`,
  );
  sql(`INSERT INTO messages (user_id, title, body) VALUES (${id}, 'ငွေလွှဲ ပြေစာ ထပ်ပို့ပေးပါ',
        'မင်္ဂလာပါ။ သင်ပို့ထားသော ပြေစာပုံသည် မရှင်းလင်းသဖြင့် ငွေလွှဲမှုအမှတ်နှင့် ပမာဏ ပေါ်အောင် ထပ်မံ ဓာတ်ပုံရိုက်၍ ပို့ပေးပါရန် မေတ္တာရပ်ခံအပ်ပါသည်။ ကျေးဇူးတင်ပါသည်။')`);
  sql(`WITH up AS (
         INSERT INTO uploads (user_id, storage_name, size, content_type, sha256, width, height)
         VALUES (${id}, 'e2e-burmese-' || md5(random()::text), 100, 'image/png', sha256(random()::text::bytea), 10, 10) RETURNING id)
       INSERT INTO topup_orders (user_id, amount, verification_amount, total, payment_method_id, payment_method_name, upload_id, status, decided_at, reject_reason)
       SELECT ${id}, 5000, 211, 5211, pm.id, pm.name, up.id, 'rejected', now(), 'ပြေစာပါ ပမာဏ မကိုက်ညီပါ' FROM up, payment_methods pm WHERE pm.name = 'KBZPay'`);
  await signIn(page, { phone_number: customer.phone_number, password: 'customer123' });
}

type BurmeseText = { text: string; lang: string | null; lineHeight: string; fontSize: string; heading: boolean; inSelect: boolean };

/** Every visible text in Myanmar script on the page, with its element's language and line height. */
async function visibleBurmese(page: Page): Promise<BurmeseText[]> {
  return page.evaluate(() => {
    const out: BurmeseText[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      const text = node.textContent?.trim() ?? '';
      if (!el || !/[\u1000-\u109f]/.test(text) || !el.checkVisibility({ visibilityProperty: true })) continue;
      const style = getComputedStyle(el);
      out.push({
        text: text.slice(0, 60),
        lang: el.closest('[lang]')?.getAttribute('lang') ?? null,
        lineHeight: style.lineHeight,
        fontSize: style.fontSize,
        heading: el.closest('h1, h2, h3, h4') !== null,
        inSelect: el.closest('select') !== null,
      });
    }
    return out;
  });
}

/** Burmese not under lang="my" (so on an English page it breaks and spaces as English). */
async function unmarkedBurmese(page: Page): Promise<string[]> {
  return (await visibleBurmese(page)).filter((found) => found.lang !== 'my').map((found) => found.text);
}

/** Burmese set tighter than 1.7 (headings 1.45) times its size; the platform draws a select's options. */
async function crampedBurmese(page: Page): Promise<string[]> {
  return (await visibleBurmese(page))
    .filter((found) => !found.inSelect && !(parseFloat(found.lineHeight) / parseFloat(found.fontSize) >= (found.heading ? 1.45 : 1.7)))
    .map((found) => `${found.text}: ${found.lineHeight} on ${found.fontSize}`);
}

test('on English pages, Burmese people typed is marked lang="my": a message, a refusal, the catalogue\'s Burmese names', async ({ page, browser }) => {
  await prefer(page, 'light', 'en');
  await customerWithBurmese(page);
  await page.goto('/top-up');
  await expect(page.getByText('ပြေစာပါ ပမာဏ မကိုက်ညီပါ').first()).toBeVisible();
  expect(await unmarkedBurmese(page), '/top-up').toEqual([]);
  await page.getByRole('button', { name: /^Open notifications/ }).click();
  await expect(page.getByRole('heading', { name: 'ငွေလွှဲ ပြေစာ ထပ်ပို့ပေးပါ' })).toBeVisible();
  expect(await unmarkedBurmese(page), 'the notification panel').toEqual([]);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  const admin = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await prefer(admin, 'light', 'en');
  await signIn(admin, ADMIN);
  for (const section of ['games', 'services', 'banners']) {
    await admin.goto(`/dashboard/catalogue/${section}`);
    await expect(admin.getByRole('table')).toBeVisible();
    expect(await unmarkedBurmese(admin), `/dashboard/catalogue/${section}`).toEqual([]);
  }
  await admin.close();
});

test('Burmese gets its line height (1.8, headings 1.5): home, the top-up page and the notification previews (dark)', async ({ page }) => {
  await prefer(page, 'dark', 'my');
  await customerWithBurmese(page);
  for (const path of ['/home', '/top-up']) {
    await page.goto(path);
    await expect(page.locator('h1').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await crampedBurmese(page), path).toEqual([]);
  }
  await page.getByRole('button', { name: /^အသိပေးချက်/ }).click();
  const preview = page.getByTestId('message-body').first();
  await expect(preview).toBeVisible();
  expect(await crampedBurmese(page), 'the notification panel').toEqual([]);
  // The two-line clamp shows two whole lines: its box is two Myanmar line heights tall.
  const { height, line } = await preview.evaluate((el) => ({ height: el.clientHeight, line: parseFloat(getComputedStyle(el).lineHeight) }));
  expect(height).toBeCloseTo(2 * line, 0);
});
