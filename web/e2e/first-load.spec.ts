import { readFileSync } from 'node:fs';

import { expect, test, type Page } from './test';

import { applySession, languages, prefer, type LoginBody } from './helpers';

type Box = { x: number; y: number; width: number; height: number };

// The first load of /home (LCP). index.html's inline script fetches
// the page's code and its banner alongside the entry for a signed-in visitor,
// and the app's own banner request takes that answer instead of asking again.
// The server sends that visitor the banner itself as a first screen, drawn
// where the app will draw it, until the app's banner has loaded.

test.use({ viewport: { width: 375, height: 812 } });

test('a signed-in /home gets its code and banner with the entry, and asks for the banner once', async ({ page, request }) => {
  const response = await request.post('/api/login', { data: { phone_number: '09123456789', password: 'customer123' } });
  expect(response.ok(), await response.text()).toBeTruthy();
  await applySession(page, (await response.json()) as LoginBody);
  const requested: string[] = [];
  page.on('request', (sent) => requested.push(new URL(sent.url()).pathname));

  await page.goto('/home');
  await expect(page.getByRole('img', { name: 'Double Diamond Week' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Mobile Legends/ })).toBeVisible();

  expect(requested.filter((path) => path === '/api/banner')).toHaveLength(1);
  // Requested before the app ran: ahead of the first call only the running app makes.
  const homeChunk = requested.findIndex((path) => /^\/assets\/home-[\w-]+\.js$/.test(path));
  expect(homeChunk).toBeGreaterThan(-1);
  expect(homeChunk).toBeLessThan(requested.indexOf('/api/config'));
  expect(requested.indexOf('/api/banner')).toBeLessThan(requested.indexOf('/api/config'));
});

for (const width of [375, 1280]) {
  test(`the server's first screen lies exactly where the app draws the banner, then gives way (${width} px)`, async ({ page, request }) => {
    await page.setViewportSize({ width, height: 812 });
    const response = await request.post('/api/login', { data: { phone_number: '09123456789', password: 'customer123' } });
    expect(response.ok(), await response.text()).toBeTruthy();
    await applySession(page, (await response.json()) as LoginBody);
    // Hold the app's code until the first screen has been measured.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/vendor-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });

    // Not 'domcontentloaded': that waits for the module scripts, which are held.
    await page.goto('/home', { waitUntil: 'commit' });
    const standIn = page.locator('#first-screen img');
    await expect(standIn).toHaveJSProperty('complete', true);
    const before = await standIn.boundingBox();
    expect(before?.width).toBeGreaterThan(300);

    release();
    const banner = page.getByRole('img', { name: 'Double Diamond Week' });
    await expect(banner).toBeVisible();
    await expect(page.locator('#first-screen')).toHaveCount(0);
    const after = await banner.boundingBox();
    for (const side of ['x', 'y', 'width', 'height'] as const) {
      expect(Math.abs((after?.[side] ?? NaN) - (before?.[side] ?? NaN)), side).toBeLessThanOrEqual(1);
    }
  });
}

test('a guest on the way from /home to /login does not ask for the banner', async ({ page }) => {
  const requested: string[] = [];
  page.on('request', (sent) => requested.push(new URL(sent.url()).pathname));
  await page.goto('/home');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
  expect(requested.filter((path) => path.startsWith('/api/banner'))).toEqual([]);
  await expect(page.locator('#first-screen')).toHaveCount(0);
});

// A guest's /login and /top-up paint a copy of their first screen from the
// HTML (index.html's templates, in the page's language) before the app's code
// has loaded; the app then draws the same things in the same places.
type Strings = { auth: { login: { title: string; subtitle: string } }; topup: { title: string; subtitle: string } };
const strings = (language: 'en' | 'my') => JSON.parse(readFileSync(`src/locales/${language}.json`, 'utf8')) as Strings;

/** Holds the vendor chunk (the app's code) until the returned function is called. */
async function holdAppCode(page: Page) {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/vendor-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** Where each text is drawn, once the fonts it needs have loaded. */
async function boxesOf(page: Page, texts: string[], within: string) {
  await page.evaluate(() => document.fonts.ready);
  return Promise.all(texts.map((text) => page.locator(within).getByText(text, { exact: true }).boundingBox()));
}

function expectSameBoxes(before: (Box | null)[], after: (Box | null)[]) {
  before.forEach((box, index) => {
    for (const side of ['x', 'y', 'width', 'height'] as const) {
      expect(Math.abs((after[index]?.[side] ?? NaN) - (box?.[side] ?? NaN)), `text ${index} ${side}`).toBeLessThanOrEqual(1);
    }
  });
}

for (const language of languages) {
  test(`a guest's /login shows its heading and form before the app's code, where the app draws them (${language})`, async ({ page }) => {
    await prefer(page, 'light', language);
    const { title, subtitle } = strings(language).auth.login;
    const release = await holdAppCode(page);

    await page.goto('/login', { waitUntil: 'commit' });
    await expect(page.locator('#first-screen').getByText(title, { exact: true })).toBeVisible();
    // Decorative: assistive technology meets the app's page only.
    await expect(page.locator('#first-screen')).toHaveAttribute('aria-hidden', 'true');
    await expect(page.getByRole('heading', { name: title })).toHaveCount(0);
    const before = await boxesOf(page, [title, subtitle], '#first-screen');

    release();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.locator('#first-screen')).toHaveCount(0);
    expectSameBoxes(before, await boxesOf(page, [title, subtitle], 'main'));
  });
}

test('a signed-in /top-up shows its heading before the app’s code, where the app draws it, and nothing of the customer’s', async ({ page, request }) => {
  const response = await request.post('/api/login', { data: { phone_number: '09123456789', password: 'customer123' } });
  expect(response.ok(), await response.text()).toBeTruthy();
  await applySession(page, (await response.json()) as LoginBody);
  const { title, subtitle } = strings('en').topup;
  const release = await holdAppCode(page);

  await page.goto('/top-up', { waitUntil: 'commit' });
  await expect(page.locator('#first-screen')).toHaveText(title + subtitle);
  const before = await boxesOf(page, [title, subtitle], '#first-screen');

  release();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.locator('#first-screen')).toHaveCount(0);
  expectSameBoxes(before, await boxesOf(page, [title, subtitle], 'main'));
});

test("a guest's /login whose app code never comes does not leave the form's lifeless copy standing", async ({ page }) => {
  await prefer(page, 'light', 'en');
  const { title } = strings('en').auth.login;
  await page.addInitScript(() => {
    new MutationObserver(() => {
      if (document.getElementById('first-screen')) document.documentElement.dataset.sawCopy = 'yes';
    }).observe(document, { childList: true, subtree: true });
  });
  await page.route(/\/assets\/[\w-]+\.js$/, (route) => route.abort('internetdisconnected'));
  await page.goto('/login', { waitUntil: 'commit' });
  // Painted first, then taken away when the entry fails to load.
  await expect(page.locator('html')).toHaveAttribute('data-saw-copy', 'yes');
  await expect(page.locator('#first-screen')).toHaveCount(0);
  await expect(page.getByText(title, { exact: true })).toHaveCount(0);
});

// A game's page paints its heading and first products from the HTML: the
// server fills index.html's template with the game's first six products in
// both languages (api/web_first_screen_game.go) and the script shows the
// page's language; the app's cards are then drawn exactly there, with the
// same names, prices and buttons, and the copy gives way.
for (const language of languages) {
  test(`a game's page shows its first products before the app's code, where and as the app draws them (${language})`, async ({ page, request }) => {
    await prefer(page, 'light', language);
    const response = await request.post('/api/login', { data: { phone_number: '09123456789', password: 'customer123' } });
    expect(response.ok(), await response.text()).toBeTruthy();
    await applySession(page, (await response.json()) as LoginBody);
    const release = await holdAppCode(page);
    const myanmarFaces: string[] = [];
    page.on('request', (sent) => {
      if (/\/noto-sans-myanmar-[\w-]+\.woff2$/.test(sent.url())) myanmarFaces.push(sent.url());
    });

    await page.goto('/detail/top-up/mobile-legends', { waitUntil: 'commit' });
    const copy = page.locator('#first-screen');
    await expect(copy).toHaveAttribute('aria-hidden', 'true');
    await expect(copy.locator('article')).toHaveCount(6);
    await expect(copy.locator('img').first()).toHaveAttribute('fetchpriority', 'high');
    const before = await cardsOf(page, '#first-screen');
    // Each Myanmar face is about 50 KB, which a slow phone connection fetches for the
    // first paint: Burmese text comes in two (regular, and bold for semibold too), Latin in none.
    expect(myanmarFaces.length, myanmarFaces.join(', ')).toBe(language === 'my' ? 2 : 0);

    release();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(copy).toHaveCount(0);
    const after = await cardsOf(page, 'main');
    expect(after.texts).toEqual(before.texts);
    expectSameBoxes(before.boxes, after.boxes);
  });
}

/** The heading's and the first six cards' texts and boxes (each card, its image and its name), images loaded. */
async function cardsOf(page: Page, within: string) {
  const images = page.locator(`${within} article img`);
  for (let i = 0; i < 6; i++) await expect(images.nth(i)).toHaveJSProperty('complete', true);
  await page.evaluate(() => document.fonts.ready);
  const header = page.locator(`${within} header`);
  const cards = page.locator(`${within} li article`);
  const parts = [header.locator('p').first(), header.locator('h1')];
  for (let i = 0; i < 6; i++) parts.push(cards.nth(i), cards.nth(i).locator('img'), cards.nth(i).locator('h2'));
  // What shows: the app's words for screen readers only ("Was" before a struck price) are not in the copy.
  const shown = (element: Element) => {
    const copy = element.cloneNode(true) as Element;
    copy.querySelectorAll('.sr-only').forEach((hidden) => hidden.remove());
    return copy.textContent;
  };
  return {
    texts: [await header.evaluate(shown), ...(await Promise.all([0, 1, 2, 3, 4, 5].map((i) => cards.nth(i).evaluate(shown))))],
    boxes: await Promise.all(parts.map((part) => part.boundingBox())),
  };
}
