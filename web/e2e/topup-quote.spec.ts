import { expect, test } from './test';

import { applySession, expectNoHorizontalScroll, newCustomer, prefer, screenshot, sql, type LoginBody } from './helpers';

// The exact total to transfer stays put: a customer copies it, leaves for the
// banking app and comes back to a reloaded tab (Android does this often). The
// form, the total and its deadline are still there; the receipt is step 2.

const text = {
  en: { amount: 'Amount (Ks)', method: 'Payment method', paid: 'I have paid', receipt: 'Payment receipt', copy: 'Copy Transfer exactly', pay: /^Pay (\d[\d,]*) Ks to .+ \(KBZPay\) before (\d\d:\d\d) — (\d+):(\d\d) left$/ },
  my: { amount: 'ပမာဏ (ကျပ်)', method: 'ငွေပေးချေမှု နည်းလမ်း', paid: 'ငွေလွှဲပြီးပါပြီ', receipt: 'ငွေလွှဲ ပြေစာ', copy: /အတိအကျ လွှဲရန်/, pay: /^(\d\d:\d\d) မတိုင်မီ .+ \(KBZPay\) ထံ (\d[\d,]*) ကျပ် လွှဲပါ — (\d+):(\d\d) ကျန်သည်$/ },
} as const;

const runs = [
  { theme: 'light', language: 'en' },
  { theme: 'dark', language: 'my' },
  { theme: 'dark', language: 'en' },
  { theme: 'light', language: 'my' },
] as const;

for (const run of runs) {
  test(`a reload after copying the total keeps the form, the total and the deadline (375-${run.theme}-${run.language})`, async ({ page, request, context }) => {
    const t = text[run.language];
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.setViewportSize({ width: 375, height: 812 });
    await prefer(page, run.theme, run.language);
    // Made in SQL with the demo customer's password: sign-ups are limited per address.
    const customer = newCustomer();
    sql(`INSERT INTO users (username, phone, password_hash) SELECT '${customer.username}', '${customer.international}', password_hash FROM users WHERE phone = '+959123456789'`);
    const login = await request.post('/api/login', { data: { phone_number: customer.phone_number, password: 'customer123' } });
    expect(login.ok(), await login.text()).toBeTruthy();
    await applySession(page, (await login.json()) as LoginBody);

    await page.goto('/top-up');
    await page.getByLabel(t.amount).fill('10000');
    await page.getByLabel(t.method).selectOption({ label: 'KBZPay' });
    const total = page.getByTestId('transfer-total');
    await expect(total).toHaveText(/^10,\d{3} (Ks|ကျပ်)$/);
    const before = await total.textContent();
    const deadline = page.getByTestId('quote-deadline');
    await expect(deadline).toHaveText(t.pay);
    const deadlineBefore = (await deadline.textContent()) ?? '';
    const clock = (line: string) => (run.language === 'en' ? t.pay.exec(line)?.[2] : t.pay.exec(line)?.[1]);
    await page.getByRole('button', { name: t.copy }).first().click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(before?.replace(/\D/g, ''));
    await page.getByRole('button', { name: t.paid }).click();
    await expect(page.getByLabel(t.receipt)).toBeAttached();
    await screenshot(page, `topup-quote-before-reload-375-${run.theme}-${run.language}`);

    // Back from the banking app: the tab reloads.
    await page.waitForTimeout(1500);
    await page.reload();
    await expect(page.getByLabel(t.amount)).toHaveValue('10000');
    await expect(total).toHaveText(before ?? '');
    await expect(deadline).toHaveText(t.pay);
    const deadlineAfter = (await deadline.textContent()) ?? '';
    expect(clock(deadlineAfter)).toBe(clock(deadlineBefore));
    // The countdown went on: less time is left than before the reload.
    const left = (line: string) => {
      const m = t.pay.exec(line);
      return m ? Number(m[3]) * 60 + Number(m[4]) : NaN;
    };
    expect(left(deadlineAfter)).toBeLessThan(left(deadlineBefore));
    expect(left(deadlineAfter)).toBeGreaterThan(28 * 60);
    // Step 2 is where the customer left: the receipt.
    await expect(page.getByLabel(t.receipt)).toBeAttached();
    await expectNoHorizontalScroll(page);
    await screenshot(page, `topup-quote-after-reload-375-${run.theme}-${run.language}`);
  });
}
