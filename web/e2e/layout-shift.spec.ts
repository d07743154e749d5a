import { expect, test } from './test';

import { newCustomer, registerByApi, signIn } from './helpers';

// Nothing on the first screen moves when the page fills in (Lighthouse's
// CLS, issue 21: the footer was pushed down by the content that arrived after
// it, 0.22 on a game's page). A check of layout, not of timing: every answer
// of the API is held until the page has painted its frame (the footer is in
// the document), so the content always arrives after the first paint, as on a
// slow phone; then the layout shifts the browser reports are added up.

test.use({ viewport: { width: 375, height: 812 } });

const pages = [
  { path: '/home', filled: 'a[href^="/detail/"]' },
  { path: '/detail/top-up/mobile-legends', filled: 'article' },
];

for (const { path, filled } of pages) {
  test(`${path}: the footer and the content stay put while the page fills in (layout shift ≤ 0.02)`, async ({ page, request }) => {
    const customer = newCustomer();
    await registerByApi(request, customer);
    await signIn(page, request, customer);
    await page.addInitScript(() => {
      const w = window as unknown as { shifts: { value: number; nodes: string[] }[] };
      w.shifts = [];
      new PerformanceObserver((list) => {
        type Source = { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly };
        const rect = ({ x, y, width, height }: DOMRectReadOnly) => [x, y, width, height].map(Math.round).join(',');
        for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean; sources: Source[] }[]) {
          if (entry.hadRecentInput) continue;
          w.shifts.push({
            value: entry.value,
            // What moved, from where to where (x,y,width,height): the failure message says it.
            nodes: entry.sources.map((source) => `${(source.node as Element | undefined)?.outerHTML?.slice(0, 60) ?? '?'} ${rect(source.previousRect)} → ${rect(source.currentRect)}`),
          });
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/**', async (route) => {
      await held;
      await route.continue();
    });

    await page.goto(path, { waitUntil: 'commit' });
    await expect(page.getByRole('contentinfo')).toBeAttached();
    // Two frames: the empty frame has been laid out and painted.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    release();
    await expect(page.locator(filled).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

    const shifts = await page.evaluate(() => (window as unknown as { shifts: { value: number; nodes: string[] }[] }).shifts);
    const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
    expect(total, JSON.stringify(shifts, null, 1)).toBeLessThanOrEqual(0.02);
  });
}
