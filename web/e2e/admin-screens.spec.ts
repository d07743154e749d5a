import { expect, test, type APIRequestContext } from './test';

import { applySession, expectNoHorizontalScroll, prefer, screenshot, variants, type LoginBody } from './helpers';

// Every dashboard page at 375 and 1280 px, light and dark, English and
// Burmese (the four variants that see each pair of those, helpers.ts): it
// renders its heading and never scrolls sideways (tables scroll inside
// their own box). One admin login for the whole file.

const headings = {
  overview: { en: 'Overview', my: 'အကျဉ်းချုပ်' },
  topups: { en: 'Top-up queue', my: 'ငွေဖြည့် တန်းစီစာရင်း' },
  orders: { en: 'Orders', my: 'အော်ဒါများ' },
  users: { en: 'Users', my: 'အသုံးပြုသူများ' },
  catalogue: { en: 'Catalogue', my: 'ကုန်ပစ္စည်းစာရင်း' },
  reviews: { en: 'Reviews', my: 'သုံးသပ်ချက်များ' },
  audit: { en: 'Audit log', my: 'စစ်ဆေးမှတ်တမ်း' },
  events: { en: 'Event console', my: 'ဖြစ်ရပ် ကွန်ဆိုး' },
  receiptChecks: { en: 'Receipt checks', my: 'ပြေစာ စစ်ဆေးချက်များ' },
} as const;

type Screen = { name: string; path: string; heading: { en: string; my: string } | ((lang: 'en' | 'my') => RegExp) };

let login: LoginBody | undefined;
let screens: Screen[] | undefined;

async function setup(request: APIRequestContext) {
  if (login && screens) return { login, screens };
  const response = await request.post('/api/login', { data: { phone_number: '09000000001', password: 'admin123' } });
  expect(response.ok(), await response.text()).toBeTruthy();
  login = (await response.json()) as LoginBody;
  const headers = { Authorization: `Bearer ${login.token}` };
  const topups = (await (await request.get('/api/admin/topups?status=all', { headers })).json()) as { data: { data: { id: number }[] } };
  const orders = (await (await request.get('/api/admin/orders', { headers })).json()) as { data: { data: { id: number }[] } };
  const users = (await (await request.get('/api/admin/users?q=09123456789', { headers })).json()) as { data: { data: { id: number }[] } };
  screens = [
    { name: 'overview', path: '/dashboard', heading: headings.overview },
    { name: 'topups', path: '/dashboard/topups?status=all', heading: headings.topups },
    { name: 'orders', path: '/dashboard/orders?view=all', heading: headings.orders },
    { name: 'users', path: '/dashboard/users', heading: headings.users },
    { name: 'catalogue-products', path: '/dashboard/catalogue/products', heading: headings.catalogue },
    { name: 'catalogue-codes', path: '/dashboard/catalogue/codes', heading: headings.catalogue },
    { name: 'catalogue-games', path: '/dashboard/catalogue/games', heading: headings.catalogue },
    { name: 'reviews', path: '/dashboard/reviews', heading: headings.reviews },
    { name: 'audit', path: '/dashboard/audit', heading: headings.audit },
    { name: 'events', path: '/dashboard/events', heading: headings.events },
    { name: 'receipt-checks', path: '/dashboard/receipt-checks', heading: headings.receiptChecks },
  ];
  const topupId = topups.data.data[0]?.id;
  if (topupId) screens.push({ name: 'topup', path: `/dashboard/topups/${topupId}`, heading: (lang) => (lang === 'en' ? /^Top-up #\d+$/ : /^ငွေဖြည့် #\d+$/) });
  const orderId = orders.data.data[0]?.id;
  if (orderId) screens.push({ name: 'order', path: `/dashboard/orders/${orderId}`, heading: (lang) => (lang === 'en' ? /^Order #\d+$/ : /^အော်ဒါ #\d+$/) });
  const userId = users.data.data[0]?.id;
  if (userId) screens.push({ name: 'user', path: `/dashboard/users/${userId}`, heading: () => /\S/ });
  return { login, screens };
}

for (const { width, theme, language: lang, name: variant } of variants) {
  test(`dashboard pages at ${width}px, ${theme}, ${lang}`, async ({ page, request }) => {
    test.setTimeout(120_000);
    const { login: session, screens: list } = await setup(request);
    await page.setViewportSize({ width, height: 900 });
    await prefer(page, theme, lang);
    await applySession(page, session);
    for (const item of list) {
      await page.goto(item.path);
      const name = typeof item.heading === 'function' ? item.heading(lang) : item.heading[lang];
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: /Loading|ဖွင့်နေ/ })).toHaveCount(0);
      await expectNoHorizontalScroll(page);
      await screenshot(page, `admin-${item.name}-${variant}`);
    }
  });
}
