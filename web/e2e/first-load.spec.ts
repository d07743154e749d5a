import { expect, test } from '@playwright/test';

import { applySession, type LoginBody } from './helpers';

// The first load of /home (issue 9, LCP). index.html's inline script fetches
// the page's code and its banner alongside the entry for a signed-in visitor,
// and the app's own banner request takes that answer instead of asking again.

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

test('a guest on the way from /home to /login does not ask for the banner', async ({ page }) => {
  const requested: string[] = [];
  page.on('request', (sent) => requested.push(new URL(sent.url()).pathname));
  await page.goto('/home');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
  expect(requested.filter((path) => path.startsWith('/api/banner'))).toEqual([]);
});
