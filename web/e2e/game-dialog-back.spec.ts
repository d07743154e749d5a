import { expect, test } from './test';

import { applySession, newCustomer, prefer, screenshot, sql, type LoginBody } from './helpers';

// Android's back button (history back) closes the game-id dialog instead of
// leaving the game's page; closing it with its X leaves history as it was.

const text = {
  en: { purchase: 'Purchase', close: 'Close' },
  my: { purchase: 'ဝယ်ယူမည်', close: 'ပိတ်ရန်' },
} as const;

for (const run of [
  { theme: 'light', language: 'en' },
  { theme: 'dark', language: 'my' },
] as const) {
  test(`back closes the game-id dialog and stays on the game (375-${run.theme}-${run.language})`, async ({ page, request }) => {
    const t = text[run.language];
    await page.setViewportSize({ width: 375, height: 812 });
    await prefer(page, run.theme, run.language);
    const customer = newCustomer();
    sql(`INSERT INTO users (username, phone, password_hash) SELECT '${customer.username}', '${customer.international}', password_hash FROM users WHERE phone = '+959123456789'`);
    const login = await request.post('/api/login', { data: { phone_number: customer.phone_number, password: 'customer123' } });
    expect(login.ok(), await login.text()).toBeTruthy();
    await applySession(page, (await login.json()) as LoginBody);

    await page.goto('/home');
    await page.goto('/detail/top-up/mobile-legends');
    await expect(page).toHaveURL(/\/detail\/top-up\/mobile-legends\?page=1$/);
    const detail = page.url();
    await page.getByRole('button', { name: t.purchase }).first().click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await screenshot(page, `game-dialog-open-375-${run.theme}-${run.language}`);
    await page.goBack();
    await expect(dialog).toHaveCount(0);
    expect(page.url()).toBe(detail);

    // Closed with its X, the dialog leaves no extra step: back then leaves the page.
    await page.getByRole('button', { name: t.purchase }).first().click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: t.close }).click();
    await expect(dialog).toHaveCount(0);
    await page.waitForTimeout(300);
    expect(page.url()).toBe(detail);
    await page.goBack();
    await expect(page).toHaveURL(/\/home$/);
  });
}
