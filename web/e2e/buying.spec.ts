import { expect, test, type APIRequestContext, type Page } from './test';

import { applySession, newCustomer, screenshot, sql, type LoginBody } from './helpers';

// Buying in fewer taps (issue 25): a game's whole price list, passes first
// then by size, on one phone page; search that knows "ml"; where to find
// the game id; the receiving account as a QR code.

/** A fresh customer with the seeded customer's password (logins are limited per account). */
async function signedIn(page: Page, request: APIRequestContext) {
  const customer = newCustomer();
  sql(`INSERT INTO users (username, phone, password_hash) SELECT '${customer.username}', '${customer.international}', password_hash FROM users WHERE phone = '+959123456789'`);
  const login = await request.post('/api/login', { data: { phone_number: customer.phone_number, password: 'customer123' } });
  expect(login.ok(), await login.text()).toBeTruthy();
  await applySession(page, (await login.json()) as LoginBody);
}

test.use({ viewport: { width: 375, height: 812 } });

test('a game lists its passes first, then packs by size, all on one page', async ({ page, request }) => {
  await signedIn(page, request);
  await page.goto('/detail/top-up/mobile-legends');
  const packs = page.getByRole('article');
  await expect(packs).toHaveCount(15);
  const names = await packs.evaluateAll((list) => list.map((el) => el.getAttribute('aria-label')));
  expect(names.slice(0, 6)).toEqual(['Weekly Diamond Pass', 'Twilight Pass', '11 Diamonds', '22 Diamonds', '56 Diamonds', '86 Diamonds']);
  expect(names.at(-1)).toBe('2,195 Diamonds');
  await expect(page.getByText(/Current Page/)).toHaveCount(0);
  await screenshot(page, 'buying-ml-price-list-375');
});

test('"Where is my ID?" opens the game\'s picture from the game-id dialog', async ({ page, request }) => {
  await signedIn(page, request);
  await page.goto('/detail/top-up/free-fire');
  await page.getByRole('article', { name: '100 Diamonds' }).getByRole('button', { name: 'Purchase' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Where is my ID?' }).click();
  const picture = dialog.getByRole('img', { name: 'Where Free Fire shows your player ID' });
  await expect(picture).toBeVisible();
  expect(await picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await screenshot(page, 'buying-id-help-375');
});

test('"ml" in the header search finds Mobile Legends (desktop field, phone button on home)', async ({ page, request }) => {
  await signedIn(page, request);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/home');
  const field = page.getByRole('search').getByRole('searchbox');
  await field.fill('ml');
  await field.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=ml$/);
  // Mobile Legends first (its initials), MLBB Accounts after it.
  const games = page.getByRole('region', { name: 'Games' }).getByRole('link');
  await expect(games.first()).toHaveAccessibleName('Mobile Legends');
  await expect(games.nth(1)).toHaveAccessibleName('MLBB Accounts');

  // On a phone the header's search button is on the home page.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/home');
  await page.getByRole('link', { name: 'Open search' }).click();
  await page.getByLabel('Search games and products').fill('ff');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('region', { name: 'Games' }).getByRole('link').first()).toHaveAccessibleName('Free Fire');
  await screenshot(page, 'buying-search-ff-375');
});

test('the top-up form shows the receiving account as a QR code', async ({ page, request }) => {
  await signedIn(page, request);
  await page.goto('/top-up');
  await page.getByLabel('Payment method').selectOption({ label: 'KBZPay' });
  const qr = page.getByRole('img', { name: 'QR code of the KBZPay number 09000000111' });
  await expect(qr).toBeVisible();
  const box = await qr.boundingBox();
  expect(box?.width).toBeGreaterThanOrEqual(100);
  await screenshot(page, 'buying-topup-qr-375');
});
