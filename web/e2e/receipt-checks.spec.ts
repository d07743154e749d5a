import { execFileSync } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { expect, test, type APIRequestContext } from './test';

import { apiLogin, applySession, expectNoHorizontalScroll, newCustomer, prefer, registerByApi, screenshot, sql, type LoginBody } from './helpers';

// Receipt checks (docs/receipt-checks.md) against the real server and the real Tesseract (topup serve reads
// receipts in the background): the admin sees each top-up's receipt checks
// on the queue and the top-up page, confirms a clean top-up in one tap, and
// confirms a flagged one only through a second dialog that names each
// failed check. In English and Burmese, light and dark, on a phone and a
// desktop.
//
// The clean receipt is drawn for the test by cmd/receiptcorpus -one (the
// committed corpus's own renderer, Debian's Chromium): a KBZPay receipt of
// the quote's exact total, a fresh transaction id, dated now. A committed
// corpus receipt cannot be clean here: it shows another amount and a date
// before any quote of this run. That is what makes it the flagged one.

const ADMIN = { phone_number: '09000000001', password: 'admin123' };
const root = fileURLToPath(new URL('../..', import.meta.url));
const corpus = join(root, 'internal/receiptocr/testdata/corpus');

type Language = 'en' | 'my';
type Strings = { [key: string]: string | Strings };
const strings: Record<Language, Strings> = {
  en: JSON.parse(readFileSync(join(root, 'web/src/locales/en.json'), 'utf8')) as Strings,
  my: JSON.parse(readFileSync(join(root, 'web/src/locales/my.json'), 'utf8')) as Strings,
};

/** The app's text for key in language, with {{vars}} filled in. */
function tr(language: Language, key: string, vars: Record<string, string | number> = {}): string {
  let value: string | Strings = strings[language];
  for (const part of key.split('.')) value = (value as Strings)[part] ?? '';
  if (typeof value !== 'string') throw new Error(`no text ${key}`);
  return value.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars[name] ?? ''));
}

type CheckName = 'amount' | 'transaction_id' | 'duplicate_image' | 'receipt_date';
type Checks = { reading: string; verdict: string; failed: CheckName[] };

const checkLabel = (language: Language, name: CheckName, result: 'pass' | 'fail') =>
  tr(language, 'admin.checks.item', { name: tr(language, `admin.checks.names.${name}`), result: tr(language, `admin.checks.results.${result}`) });

// Each run of the matrix sends another corpus receipt as the flagged one:
// the same transfer twice would block the second (a re-used id).
const matrix = [
  { language: 'en', theme: 'light', width: 1280, flagged: 'wavepay-en-latin-light-1.png' },
  { language: 'en', theme: 'dark', width: 375, flagged: 'ayapay-en-latin-dark-2.png' },
  { language: 'my', theme: 'light', width: 375, flagged: 'kbzpay-en-latin-dark-1.png' },
  { language: 'my', theme: 'dark', width: 1280, flagged: 'wavepay-my-latin-dark-1.png' },
] as const;

test.describe.serial('receipt checks', () => {
  let renderer: string;
  let work: string;
  let adminLogin: LoginBody;
  let customerToken: string;
  let api: APIRequestContext;

  test.beforeAll(async ({ playwright }) => {
    work = mkdtempSync(join(tmpdir(), 'receipt-checks-'));
    renderer = join(work, 'receiptcorpus');
    execFileSync('go', ['build', '-o', renderer, './cmd/receiptcorpus'], { cwd: root, stdio: 'inherit' });
    api = await playwright.request.newContext({ baseURL: process.env.BASE_URL });
    const response = await api.post('/api/login', { data: ADMIN });
    expect(response.ok(), await response.text()).toBeTruthy();
    adminLogin = (await response.json()) as LoginBody;
    const person = newCustomer();
    await registerByApi(api, person);
    customerToken = (await apiLogin(api, person)).token;
  });

  test.afterAll(async () => {
    await api?.dispose();
  });

  /** A KBZPay receipt of `total`, dated now in Yangon, as a PNG. */
  function cleanReceipt(total: number): Buffer {
    const now = new Date(Date.now() + 6.5 * 3_600_000).toISOString().slice(0, 19);
    const id = `0100${String(randomInt(1e8)).padStart(8, '0')}${String(randomInt(1e8)).padStart(8, '0')}`;
    const file = join(work, `receipt-${total}.png`);
    const spec = { app: 'kbzpay', lang: 'en', digits: 'latin', theme: 'light', amount: total, transaction_id: id, time: `${now}+06:30` };
    execFileSync(renderer, ['-one', JSON.stringify(spec), '-to', file]);
    return readFileSync(file);
  }

  /** The customer's top-up of about `amount` with `receipt` (built from the quote's total). */
  async function sendTopup(amount: number, receipt: (total: number) => Buffer): Promise<number> {
    const headers = { Authorization: `Bearer ${customerToken}` };
    const quoted = await api.get(`/api/topup-quote?amount=${amount}`, { headers });
    expect(quoted.ok(), await quoted.text()).toBeTruthy();
    const quote = ((await quoted.json()) as { data: { amount: number; total: number; quote: string } }).data;
    const upload = await api.post('/api/uploads', { headers, multipart: { file: { name: 'receipt.png', mimeType: 'image/png', buffer: receipt(quote.total) } } });
    expect(upload.ok(), await upload.text()).toBeTruthy();
    const uploadId = ((await upload.json()) as { data: { id: number } }).data.id;
    const created = await api.post('/api/topup-orders', { headers, data: { amount: quote.amount, payment_method: 'KBZPay', upload_id: uploadId, quote: quote.quote } });
    expect(created.ok(), await created.text()).toBeTruthy();
    return ((await created.json()) as { data: { id: number } }).data.id;
  }

  /** The checks once the background job has read the receipt. */
  async function readChecks(id: number): Promise<Checks> {
    let checks: Checks | undefined;
    await expect
      .poll(
        async () => {
          const response = await api.get(`/api/admin/topups/${id}`, { headers: { Authorization: `Bearer ${adminLogin.token}` } });
          checks = ((await response.json()) as { data: { topup: { checks: Checks } } }).data.topup.checks;
          return checks.reading;
        },
        { timeout: 60_000, message: `top-up #${id}'s receipt is read` },
      )
      .toBe('read');
    return checks!;
  }

  const statusOf = (id: number) => sql(`SELECT status FROM topup_orders WHERE id = ${id}`);
  const auditOf = (id: number) => sql(`SELECT action FROM audit_log WHERE target_type = 'topup' AND target_id = '${id}' ORDER BY id`);

  for (const [index, { language, theme, width, flagged }] of matrix.entries()) {
    test(`${language}, ${theme}, ${width} px: checks at a glance, one tap when clean, two confirmations to override`, async ({ browser }) => {
      const clean = await sendTopup(30_000 + index * 1_000, cleanReceipt);
      const suspect = await sendTopup(40_000 + index * 1_000, () => readFileSync(join(corpus, flagged)));
      const cleanChecks = await readChecks(clean);
      const suspectChecks = await readChecks(suspect);
      expect(cleanChecks.verdict, `the receipt drawn for top-up #${clean} reads clean: ${JSON.stringify(cleanChecks)}`).toBe('clean');
      expect(suspectChecks.verdict, `${flagged} is flagged: ${JSON.stringify(suspectChecks)}`).toBe('flagged');

      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      await prefer(page, theme, language);
      await applySession(page, adminLogin);

      // The queue: each card shows its verdict and the four checks.
      await page.goto('/dashboard/topups');
      const cleanCard = page.getByRole('link', { name: tr(language, 'admin.topups.review', { id: clean }) });
      await expect(cleanCard.getByText(tr(language, 'admin.checks.verdict.clean'))).toBeVisible();
      for (const name of ['amount', 'transaction_id', 'duplicate_image', 'receipt_date'] as const) {
        await expect(cleanCard.getByRole('listitem', { name: checkLabel(language, name, 'pass') })).toBeVisible();
      }
      const suspectCard = page.getByRole('link', { name: tr(language, 'admin.topups.review', { id: suspect }) });
      await expect(suspectCard.getByText(tr(language, 'admin.checks.verdict.flagged'))).toBeVisible();
      for (const name of suspectChecks.failed) {
        await expect(suspectCard.getByRole('listitem', { name: checkLabel(language, name, 'fail') })).toBeVisible();
      }
      if (width < 400) await expectNoHorizontalScroll(page);
      await screenshot(page, `receipt-checks-queue-${language}-${theme}-${width}`);

      // A clean top-up: one tap, no dialog.
      await cleanCard.click();
      await expect(page.getByRole('heading', { name: tr(language, 'admin.topups.detailTitle', { id: clean }) })).toBeVisible();
      const cleanList = page.getByRole('list', { name: tr(language, 'admin.checks.listLabel') });
      await expect(cleanList.getByRole('listitem', { name: checkLabel(language, 'amount', 'pass') })).toBeVisible();
      await screenshot(page, `receipt-checks-clean-${language}-${theme}-${width}`);
      const confirm = page.getByRole('button', { name: tr(language, 'admin.topups.confirm'), exact: true });
      await confirm.click();
      // Decided: the buttons go, and no dialog ever opened.
      await expect(confirm).toHaveCount(0);
      await expect(page.getByRole('alertdialog')).toHaveCount(0);
      expect(statusOf(clean)).toBe('confirmed');
      expect(auditOf(clean)).toBe('topup.confirm');

      // A flagged top-up: the usual dialog, then a second one naming each failed check.
      await page.goto(`/dashboard/topups/${suspect}`);
      const list = page.getByRole('list', { name: tr(language, 'admin.checks.listLabel') });
      for (const name of suspectChecks.failed) {
        await expect(list.getByRole('listitem', { name: checkLabel(language, name, 'fail') })).toBeVisible();
      }
      if (width < 400) await expectNoHorizontalScroll(page);
      await screenshot(page, `receipt-checks-flagged-${language}-${theme}-${width}`);
      await confirm.click();
      const first = page.getByRole('alertdialog', { name: tr(language, 'admin.topups.confirmTitle', { id: suspect }), exact: true });
      await first.getByRole('button', { name: tr(language, 'admin.checks.continue') }).click();
      await expect(first).toBeHidden();
      expect(auditOf(suspect)).toBe('');
      const second = page.getByRole('alertdialog', { name: tr(language, 'admin.checks.overrideTitle', { id: suspect }), exact: true });
      for (const name of suspectChecks.failed) {
        await expect(second.getByRole('listitem', { name: checkLabel(language, name, 'fail') })).toBeVisible();
      }
      await screenshot(page, `receipt-checks-override-${language}-${theme}-${width}`);
      await second.getByRole('button', { name: tr(language, 'admin.checks.overrideConfirm') }).click();
      await expect(second).toBeHidden();
      await expect(confirm).toHaveCount(0);
      expect(statusOf(suspect)).toBe('confirmed');
      expect(auditOf(suspect)).toBe('topup.confirm.override');
      expect(sql(`SELECT reason FROM audit_log WHERE target_type = 'topup' AND target_id = '${suspect}'`)).toBe(
        `Overrode failed receipt checks: ${suspectChecks.failed.join(', ')}`,
      );
      await context.close();
    });
  }
});
