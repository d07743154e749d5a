import { expect, test, type Page } from '@playwright/test';

import { applySession, latinAllowList, latinWords, prefer, screenshot, sql, type LatinFinding } from './helpers';
import { ADMIN, adminScreens, customerScreens, login, settle, signedOutPaths, stashPendingOrder } from './screens';

// Issue 25's Burmese walk (and issue 18's scan): every screen of the store
// and the back office, at 375 px in Burmese, shows no Latin-script word
// outside the allow-list of brand and game names (helpers.ts latinWords):
// visible text, aria-label, placeholder, alt, title and the <title>. One
// failure lists every screen's findings, so a run shows all that is left.
// The screens and their data are screens.ts's, shared with the accessibility walk.

test.use({ viewport: { width: 375, height: 812 } });

class Walk {
  readonly findings: Record<string, LatinFinding[]> = {};
  constructor(
    private readonly page: Page,
    private readonly allowed: string[],
  ) {}

  /** Scans what the page shows now under `name`. */
  async scan(name: string) {
    await settle(this.page);
    const found = await latinWords(this.page, this.allowed);
    if (found.length) this.findings[name] = found;
    await screenshot(this.page, `burmese-walk-${name}`);
  }

  async visit(path: string, name = path) {
    await this.page.goto(path);
    await this.scan(name);
  }
}

test('every customer screen in Burmese, signed out and signed in, shows no English', async ({ page, request }) => {
  test.setTimeout(180_000);
  await prefer(page, 'light', 'my');

  const { customer, session, signedIn, banned } = await customerScreens(request, await login(request, ADMIN));

  // The customer's own username and the search they type.
  const walk = new Walk(page, latinAllowList([customer.username, 'pubg']));

  // Signed out.
  for (const path of signedOutPaths) {
    await walk.visit(path);
  }

  await applySession(page, session);
  for (const path of signedIn) {
    await walk.visit(path);
  }

  // The menu and the notification panel over the home page.
  await page.goto('/home');
  await settle(page);
  await page.getByRole('button', { name: 'မီနူးကို ဖွင့်ရန်' }).click();
  await walk.scan('home+menu');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: /^အသိပေးချက်များကို ဖွင့်ရန်/ }).click();
  await walk.scan('home+notifications');
  await page.keyboard.press('Escape');

  // The order page, as the game page leaves it.
  await stashPendingOrder(page);
  await walk.visit('/order');

  // A banned customer's page.
  await page.context().clearCookies();
  await applySession(page, banned);
  await walk.visit('/banned');

  expect(walk.findings).toEqual({});
});

test('every back-office screen in Burmese shows no English', async ({ page, request }) => {
  test.setTimeout(180_000);
  const admin = await login(request, ADMIN);
  const paths = await adminScreens(request, admin);
  await prefer(page, 'light', 'my');
  await applySession(page, admin);
  // The back office shows the catalogue's own English fields (service names, banner titles) and its
  // slugs and SKUs beside the Burmese ones, and people's usernames: data people typed, not labels.
  const catalogue = sql(
    `SELECT string_agg(v, E'\\n') FROM (SELECT name AS v FROM services UNION SELECT slug FROM services UNION SELECT slug FROM games UNION SELECT sku FROM products WHERE sku IS NOT NULL UNION SELECT title FROM banners UNION SELECT username FROM users) n`,
  ).split('\n');
  const walk = new Walk(page, latinAllowList(catalogue));
  for (const path of paths) {
    await walk.visit(path);
  }
  expect(walk.findings).toEqual({});
});
