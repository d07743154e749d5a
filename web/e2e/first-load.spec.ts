import { expect, test } from '@playwright/test';

import { applySession, type LoginBody } from './helpers';

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
