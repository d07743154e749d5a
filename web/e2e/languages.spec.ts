import { expect, test, type Page } from './test';

// Only the active language's strings load with the app: the
// stored language is preloaded next to the entry and rendered from the first
// paint; the other is fetched when the user switches.

test.use({ viewport: { width: 375, height: 812 } });

/** Every text the app has shown, recorded at each DOM change from the very start. */
async function recordTexts(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { seenTexts: string[] }).seenTexts = seen;
    new MutationObserver(() => {
      const text = document.getElementById('root')?.textContent;
      if (text) seen.push(text);
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
}

function localeRequests(page: Page) {
  const requested: string[] = [];
  page.on('request', (request) => {
    const match = /\/assets\/(en|my)-[\w-]+\.js$/.exec(new URL(request.url()).pathname);
    if (match?.[1]) requested.push(match[1]);
  });
  return requested;
}

test('a Burmese reader sees Burmese from the first paint; English is fetched only on switching', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('lang', 'my'));
  await recordTexts(page);
  const requested = localeRequests(page);
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'ပြန်လည်ကြိုဆိုပါသည်' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'my');

  const seen = await page.evaluate(() => (window as unknown as { seenTexts: string[] }).seenTexts);
  expect(seen.length).toBeGreaterThan(0);
  expect(seen.filter((text) => /Welcome back|Sign In|Open menu/.test(text))).toEqual([]);
  expect(requested).toEqual(['my']);

  await page.getByRole('button', { name: 'မီနူးကို ဖွင့်ရန်' }).click();
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  expect(requested).toEqual(['my', 'en']);
});

test('an English reader never downloads the Burmese strings, yet sees the always-Burmese footer', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('lang', 'en'));
  const requested = localeRequests(page);
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toContainText('မြန်မာနိုင်ငံရှိ');
  expect(requested).toEqual(['en']);
});

test.describe('a browser set to Burmese, nothing stored', () => {
  test.use({ locale: 'my-MM' });

  test('gets Burmese, preloaded by the inline script', async ({ page }) => {
    const requested = localeRequests(page);
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'ပြန်လည်ကြိုဆိုပါသည်' })).toBeVisible();
    expect(requested).toEqual(['my']);
  });
});
