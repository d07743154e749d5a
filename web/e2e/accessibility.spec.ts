import { expect, test, type Page } from '@playwright/test';

import { axeViolations } from './axe';
import { applySession, languages, prefer, themes } from './helpers';
import { ADMIN, adminScreens, customerScreens, login, settle, signedOutPaths, stashPendingOrder } from './screens';

// Issue 21: axe-core finds no WCAG 2.1 AA violation on any screen, customer
// (375 px) and back office (1280 px), in both languages and both themes,
// nor in the states that only a tap shows: the menu, the notification
// panel, the log-out confirm, the reset-password overlay, the game-id
// dialog with its error, the top-up form with its error, the photo viewer.
// Customer and back office are separate tests per language and theme, so
// the eight share both workers; every screen's violations are listed, with
// their colours and ratios.

test.describe.configure({ mode: 'parallel' });
// Fade-ins run in 1 ms, so contrast is measured on the settled colours.
test.use({ viewport: { width: 375, height: 812 }, reducedMotion: 'reduce' });

const text = {
  en: {
    forgot: 'Forgot password?',
    menu: 'Open menu',
    notifications: /^Open notifications/,
    exit: 'Log out',
    purchase: 'Purchase',
    confirmInfo: 'Confirm Info',
    amount: 'Amount (Ks)',
    method: 'Payment method',
    preview: /^Preview \(.+\)$/,
    minimum: 'Minimum top-up amount is 2,000 Ks',
  },
  my: {
    forgot: 'စကားဝှက် မေ့နေပါသလား?',
    menu: 'မီနူးကို ဖွင့်ရန်',
    notifications: /^အသိပေးချက်များကို ဖွင့်ရန်/,
    exit: 'အကောင့်မှ ထွက်ရန်',
    purchase: 'ဝယ်ယူမည်',
    confirmInfo: 'အချက်အလက် အတည်ပြုမည်',
    amount: 'ပမာဏ (ကျပ်)',
    method: 'ငွေပေးချေမှု နည်းလမ်း',
    preview: /^ပုံများ \(.+\)$/,
    minimum: 'အနည်းဆုံး ငွေဖြည့်ပမာဏမှာ 2,000 ကျပ် ဖြစ်ပါသည်',
  },
} as const;

/** Runs axe on each screen; a screen's violations fail the test softly, so one run lists them all. */
class Audit {
  constructor(private readonly page: Page) {}

  /** Runs axe on what the page shows now, under `name`. */
  async check(name: string) {
    await settle(this.page);
    expect.soft(await axeViolations(this.page), `WCAG 2.1 AA violations on ${name}`).toEqual([]);
  }

  async visit(path: string) {
    await this.page.goto(path);
    await this.check(path);
  }
}

for (const language of languages) {
  for (const theme of themes) {
    test(`every customer screen and dialog passes axe (${theme}, ${language})`, async ({ page, request }) => {
      test.setTimeout(240_000);
      const t = text[language];
      await prefer(page, theme, language);
      const { session, signedIn, banned } = await customerScreens(request, await login(request, ADMIN));
      const audit = new Audit(page);

      for (const path of signedOutPaths) await audit.visit(path);
      await page.goto('/login');
      await page.getByRole('button', { name: t.forgot }).click();
      await audit.check('/login + reset password');

      await applySession(page, session);
      for (const path of signedIn) await audit.visit(path);

      await page.goto('/home');
      await settle(page);
      await page.getByRole('button', { name: t.menu }).click();
      await audit.check('/home + menu');
      await page.getByRole('button', { name: t.exit }).click();
      await audit.check('/home + log-out confirm');
      await page.keyboard.press('Escape');
      await expect(page.getByRole('alertdialog')).toHaveCount(0);
      await page.getByRole('button', { name: t.notifications }).click();
      // The panel's code loads on first open: check it drawn, not the moment before.
      await expect(page.getByRole('dialog')).toBeVisible();
      await audit.check('/home + notifications');
      await page.keyboard.press('Escape');

      await page.goto('/detail/top-up/mobile-legends');
      await page.getByRole('button', { name: t.purchase }).first().click();
      await page.getByRole('dialog').getByRole('button', { name: t.confirmInfo }).click();
      await expect(page.getByRole('dialog').locator('[aria-invalid="true"]').first()).toBeVisible();
      await audit.check('game-id dialog + error');

      await page.goto('/detail/account/mlbb-accounts');
      await page.getByRole('button', { name: t.preview }).first().click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await audit.check('photo viewer');

      await page.goto('/top-up');
      await page.getByLabel(t.amount).fill('1500');
      await page.getByLabel(t.method).selectOption({ label: 'KBZPay' });
      await expect(page.getByText(t.minimum)).toBeVisible();
      await audit.check('/top-up + minimum error');

      await stashPendingOrder(page);
      await audit.visit('/order');

      await page.context().clearCookies();
      await applySession(page, banned);
      await audit.visit('/banned');
    });

    test(`every back-office screen passes axe (${theme}, ${language})`, async ({ page, request }) => {
      test.setTimeout(240_000);
      // The back office, at the width it is used at.
      await page.setViewportSize({ width: 1280, height: 900 });
      await prefer(page, theme, language);
      const admin = await login(request, ADMIN);
      await applySession(page, admin);
      const audit = new Audit(page);
      for (const path of await adminScreens(request, admin)) await audit.visit(path);
    });
  }
}
