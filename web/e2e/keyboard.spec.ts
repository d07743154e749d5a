import { expect, test, type Locator, type Page } from './test';

import { expectAccessible } from './axe';
import { applySession, png, prefer } from './helpers';
import { ADMIN, login, sqlCustomer } from './screens';

// Issue 21: signing in, buying and topping up with the keyboard alone — Tab,
// Shift+Tab, Enter, Space, Escape and typing; no click. Every element Tab
// stops at shows a focus ring of at least 2 px with 3:1 contrast against
// what is around it (WCAG 2.4.7, 1.4.11), and dialogs keep focus inside and
// give it back to what opened them (2.4.3).

test.use({ viewport: { width: 375, height: 812 }, reducedMotion: 'reduce' });

/** What the focused element shows; a visually hidden input (a file picker) shows it on its label. */
async function focusRing(page: Page) {
  return page.evaluate(async () => {
    const sRGB = (color: string) => {
      const canvas = document.createElement('canvas');
      canvas.width = canvas.height = 1;
      const context = canvas.getContext('2d')!;
      context.fillStyle = color;
      context.fillRect(0, 0, 1, 1);
      const [r, g, b, a] = context.getImageData(0, 0, 1, 1).data;
      return [r!, g!, b!, a! / 255] as const;
    };
    const luminance = ([r, g, b]: readonly number[]) => {
      const channel = (value: number) => {
        const c = value / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * channel(r!) + 0.7152 * channel(g!) + 0.0722 * channel(b!);
    };
    /** The solid colour behind `element`: its ancestors' backgrounds laid over each other. */
    const backdrop = (element: Element | null) => {
      const layers: (readonly [number, number, number, number])[] = [];
      for (let node = element; node; node = node.parentElement) {
        const layer = sRGB(getComputedStyle(node).backgroundColor);
        if (layer[3] > 0) layers.push(layer);
        if (layer[3] >= 1) break;
      }
      let colour = [255, 255, 255];
      for (const [r, g, b, a] of layers.reverse()) colour = [r * a + colour[0]! * (1 - a), g * a + colour[1]! * (1 - a), b * a + colour[2]! * (1 - a)];
      return colour;
    };
    const active = document.activeElement as HTMLElement | null;
    if (!active || active === document.body) return { what: 'nothing focused', width: 0, contrast: 0 };
    const box = active.getBoundingClientRect();
    const labels = active instanceof HTMLInputElement ? Array.from(active.labels ?? []) : [];
    const shown = box.width * box.height < 4 ? (labels.at(-1) ?? active) : active;
    // The ring as it ends up: `transition` classes animate outline-color from the text colour.
    await Promise.all(shown.getAnimations().map((animation) => animation.finished));
    const style = getComputedStyle(shown);
    const width = style.outlineStyle === 'none' ? 0 : parseFloat(style.outlineWidth);
    const ring = luminance(sRGB(style.outlineColor));
    const around = luminance(backdrop(shown.parentElement));
    const contrast = (Math.max(ring, around) + 0.05) / (Math.min(ring, around) + 0.05);
    const what = `${active.tagName.toLowerCase()} "${(active.getAttribute('aria-label') ?? active.textContent ?? '').trim().slice(0, 40)}"`;
    return { what, width, contrast: Math.round(contrast * 100) / 100 };
  });
}

async function expectVisibleFocus(page: Page) {
  const ring = await focusRing(page);
  expect(ring.width, `focus ring width on ${ring.what}`).toBeGreaterThanOrEqual(2);
  expect(ring.contrast, `focus ring contrast on ${ring.what}`).toBeGreaterThanOrEqual(3);
}

/** Presses Tab (Shift+Tab with `back`) until `target` has focus, checking the ring at every stop. */
async function tabTo(page: Page, target: Locator, { back = false, limit = 60 } = {}) {
  for (let press = 0; press < limit; press += 1) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    await expectVisibleFocus(page);
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`${limit} presses of ${back ? 'Shift+Tab' : 'Tab'} never reached ${String(target)}`);
}

/** A fresh customer with `amount` Ks in their wallet, signed in through the API. */
async function fundedCustomer(page: Page, request: Parameters<typeof login>[0], amount: number) {
  const customer = sqlCustomer();
  const session = await login(request, { phone_number: customer.phone_number, password: 'customer123' });
  if (amount > 0) {
    const admin = await login(request, ADMIN);
    const funds = await request.post(`/api/admin/users/${session.user.id}/wallet`, {
      headers: { Authorization: `Bearer ${admin.token}`, 'Idempotency-Key': `keyboard-e2e-${session.user.id}` },
      data: { amount, reason: 'e2e funds' },
    });
    expect(funds.ok(), await funds.text()).toBeTruthy();
  }
  await applySession(page, session);
  return customer;
}

test('signing in with the keyboard alone', async ({ page }) => {
  const customer = sqlCustomer();
  await prefer(page, 'dark', 'en');
  await page.goto('/login');
  // The page is drawn before the first Tab.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await tabTo(page, page.getByLabel('Phone number or e-mail'));
  await page.keyboard.type(customer.phone_number);
  await tabTo(page, page.getByLabel('Password', { exact: true }));
  await page.keyboard.type('customer123');

  // The reset overlay opens and closes from the keyboard, and focus comes back to its link.
  const forgot = page.getByRole('button', { name: 'Forgot password?' });
  await tabTo(page, forgot);
  await page.keyboard.press('Enter');
  const reset = page.getByRole('dialog', { name: 'Reset password' });
  await expect(reset).toBeVisible();
  for (let press = 0; press < 12; press += 1) {
    await page.keyboard.press('Tab');
    expect(await reset.evaluate((dialog) => dialog.contains(document.activeElement)), 'Tab left the reset overlay').toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(reset).toHaveCount(0);
  await expect(forgot).toBeFocused();

  await tabTo(page, page.getByRole('button', { name: 'Sign In' }));
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/home$/);
});

test('buying a coin pack with the keyboard alone: the game-id dialog traps focus and gives it back', async ({ page, request }) => {
  await fundedCustomer(page, request, 20000);
  await prefer(page, 'dark', 'en');
  await page.goto('/detail/top-up/mobile-legends');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const purchase = page.getByRole('article', { name: '11 Diamonds' }).getByRole('button', { name: 'Purchase' });
  await tabTo(page, purchase);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Enter Your Game Info' });
  await expect(dialog.getByLabel('Game ID')).toBeFocused();

  // Shift+Tab from the first stop wraps to the last; Tab never leaves the dialog.
  for (let press = 0; press < 10; press += 1) {
    await page.keyboard.press('Shift+Tab');
    await expectVisibleFocus(page);
    expect(await dialog.evaluate((element) => element.contains(document.activeElement)), 'Shift+Tab left the dialog').toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(purchase).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(dialog.getByLabel('Game ID')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog.getByLabel('Game ID')).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page, 'the game-id dialog with its error (dark)');
  await page.keyboard.type('12345678');
  await tabTo(page, dialog.getByLabel('Server ID'));
  await page.keyboard.type('2001');
  await tabTo(page, dialog.getByRole('button', { name: 'Confirm Info' }));
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/order$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await tabTo(page, page.getByRole('button', { name: 'Confirm Order' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Paid — waiting for delivery' })).toBeVisible();
});

test('topping up with the keyboard alone: amount, method, receipt, submit', async ({ page, request }) => {
  await fundedCustomer(page, request, 0);
  await prefer(page, 'light', 'en');
  await page.goto('/top-up');
  await expect(page.getByRole('heading', { level: 1, name: 'Top Up Wallet' })).toBeVisible();
  await tabTo(page, page.getByLabel('Amount (Ks)'));
  await page.keyboard.type('1500');
  const method = page.getByLabel('Payment method');
  await tabTo(page, method);
  // A closed select takes typed letters as the browser's type-ahead.
  await page.keyboard.type('KBZ');
  await expect(method.locator('option:checked')).toHaveText('KBZPay');
  await expect(page.getByText('Minimum top-up amount is 2,000 Ks')).toBeVisible();
  await expectAccessible(page, 'the top-up form with its minimum error');

  await tabTo(page, page.getByLabel('Amount (Ks)'), { back: true });
  await page.keyboard.press('Control+A');
  await page.keyboard.type('10000');
  await expect(page.getByTestId('transfer-total')).toHaveText(/^10,\d{3} Ks$/);
  await tabTo(page, page.getByRole('button', { name: 'I have paid' }));
  await page.keyboard.press('Enter');

  const receipt = page.getByLabel('Payment receipt');
  await tabTo(page, receipt);
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Space');
  await (await chooser).setFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: png(Date.now() % 251) });
  await expect(page.getByRole('img', { name: 'Receipt preview' })).toBeVisible();

  await tabTo(page, page.getByRole('button', { name: 'Submit Top-Up' }));
  await page.keyboard.press('Enter');
  const success = page.getByRole('dialog', { name: 'Top-Up Submitted' });
  await expect(success).toBeVisible();
  expect(await success.evaluate((dialog) => dialog.contains(document.activeElement)), 'focus is in the success dialog').toBe(true);
  await page.keyboard.press('Enter');
  await expect(success).toHaveCount(0);
});
