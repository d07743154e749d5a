import { expect, test } from './test';

import {
  apiLogin,
  expectNoHorizontalScroll,
  newCustomer,
  prefer,
  registerByApi,
  screenshot,
  applySession,
  variants,
  type LoginBody,
} from './helpers';

// Every page at phone and desktop widths, light and dark, English and
// Burmese: the four variants that see each pair of those (helpers.ts).
const open = [
  { name: 'login', path: '/login', heading: { en: 'Welcome back', my: 'ပြန်လည်ကြိုဆိုပါသည်' } },
  { name: 'register', path: '/register', heading: { en: 'Create your account', my: 'အကောင့်အသစ် ဖွင့်ပါ' } },
  { name: 'privacy', path: '/privacy-policy', heading: { en: 'Privacy Policy', my: 'ကိုယ်ရေးအချက်အလက် မူဝါဒ' } },
  { name: 'terms', path: '/terms-of-service', heading: { en: 'Terms of Service', my: 'ဝန်ဆောင်မှု စည်းကမ်းချက်များ' } },
  { name: 'security', path: '/security-policy', heading: { en: 'Security Policy', my: 'လုံခြုံရေး မူဝါဒ' } },
  { name: 'not-found', path: '/404', heading: { en: 'Page not found', my: 'စာမျက်နှာ မတွေ့ပါ' } },
];

let shared: { customer: ReturnType<typeof newCustomer>; login: LoginBody } | undefined;

for (const { width, theme, language, name: variant } of variants) {
  test.describe(variant, () => {
    test.use({ viewport: { width, height: width < 640 ? 812 : 900 } });

    for (const page of open) {
      test(`${page.name} page`, async ({ page: browser }) => {
        await prefer(browser, theme, language);
        await browser.goto(page.path);
        await expect(browser.getByRole('heading', { level: 1, name: page.heading[language] })).toBeVisible();
        await expect(browser.locator('html')).toHaveClass(theme === 'dark' ? /dark/ : /^(?!.*dark)/);
        await browser.evaluate(() => document.fonts.ready);
        await expectNoHorizontalScroll(browser);
        await screenshot(browser, `${page.name}-${variant}`);
      });
    }

    test('menu and reset overlay', async ({ page }) => {
      await prefer(page, theme, language);
      await page.goto('/login');
      await page.getByRole('button', { name: language === 'en' ? 'Open menu' : 'မီနူးကို ဖွင့်ရန်' }).click();
      await expectNoHorizontalScroll(page);
      await page.waitForTimeout(300); // let the menu finish fading in
      await screenshot(page, `menu-signed-out-${variant}`);
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: language === 'en' ? 'Forgot password?' : 'စကားဝှက် မေ့နေပါသလား?' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expect(page.getByRole('dialog').getByRole('button', { name: language === 'en' ? 'Send Code' : 'ကုဒ် ပို့မည်' })).toBeEnabled();
      await page.waitForTimeout(300);
      await screenshot(page, `reset-step1-${variant}`);
    });

    test('signed-in pages', async ({ page, request }) => {
      // One customer for all variants: the server throttles registrations per IP.
      if (!shared) {
        const customer = newCustomer();
        await registerByApi(request, customer);
        shared = { customer, login: await apiLogin(request, customer) };
      }
      const { customer, login } = shared;
      await applySession(page, login);
      await prefer(page, theme, language);
      for (const [name, path] of [
        ['home', '/home'],
        ['top-up', '/top-up'],
        ['profile', `/${customer.username}`],
      ] as const) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expectNoHorizontalScroll(page);
        await screenshot(page, `${name}-${variant}`);
      }
      await page.getByRole('button', { name: language === 'en' ? 'Open menu' : 'မီနူးကို ဖွင့်ရန်' }).click();
      await page.waitForTimeout(300);
      await screenshot(page, `menu-signed-in-${variant}`);
      await page.getByRole('button', { name: language === 'en' ? 'Log out' : 'အကောင့်မှ ထွက်ရန်' }).click();
      await expect(page.getByRole('alertdialog')).toBeVisible();
      await screenshot(page, `logout-confirm-${variant}`);
    });
  });
}
