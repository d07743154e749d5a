import { readFileSync } from 'node:fs';

import { expect, test, type Request } from './test';

import { newCustomer, prefer, solveCaptcha } from './helpers';

// The self-hosted captcha, solved by ALTCHA's real widget in
// Chromium: sign-up, a reset code and a login after three failures each
// carry a solution the server checks and spends; a reset code in Burmese. with-server.sh makes the
// challenges easy (CAPTCHA_MAX_NUMBER); the code path is production's.

test.use({ viewport: { width: 375, height: 812 } });

type Texts = {
  auth: {
    fields: Record<'loginId' | 'password' | 'username' | 'phone' | 'confirmPassword', string>;
    register: Record<'submit' | 'successTitle', string>;
    login: Record<'submit' | 'failedTitle' | 'failedButton' | 'forgot', string>;
  };
  reset: Record<'title' | 'phoneLabel' | 'sendCode' | 'codeLabel', string>;
};

const texts = (language: string) => JSON.parse(readFileSync(`src/locales/${language}.json`, 'utf8')) as Texts;

/** The captcha_token a form posted, or undefined. */
const tokenOf = (request: Request) => (request.postDataJSON() as { captcha_token?: string } | null)?.captcha_token;

test('the real widget: sign-up, a reset code, and a login after 3 failures', async ({ page, request }) => {
  const t = texts('en');
  await prefer(page, 'light', 'en');
  const blocked: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) blocked.push(message.text());
  });
  const posted: { path: string; token?: string }[] = [];
  page.on('request', (req) => {
    const path = new URL(req.url()).pathname;
    if (req.method() === 'POST' && ['/api/register', '/api/login', '/api/otp/send'].includes(path)) posted.push({ path, token: tokenOf(req) });
  });

  const customer = newCustomer();
  await page.goto('/register');
  await page.getByLabel(t.auth.fields.username).fill(customer.username);
  await page.getByLabel(t.auth.fields.phone, { exact: true }).fill(customer.phone_number);
  await page.getByLabel(t.auth.fields.password, { exact: true }).fill(customer.password);
  await page.getByLabel(t.auth.fields.confirmPassword).fill(customer.password);
  await page.getByRole('button', { name: t.auth.register.submit }).click();
  await expect(page.getByRole('dialog', { name: t.auth.register.successTitle })).toBeVisible();

  // What the widget posted is an ALTCHA solution of our challenge …
  const signUp = posted.find((p) => p.path === '/api/register')?.token ?? '';
  const solution = JSON.parse(Buffer.from(signUp, 'base64').toString()) as Record<string, unknown>;
  expect(solution).toMatchObject({ algorithm: 'SHA-256', challenge: expect.stringMatching(/^[0-9a-f]{64}$/) });
  expect(solution.salt).toMatch(/\?expires=\d+$/);
  // … which the server took once: a replay, even on another endpoint, is
  // refused (not on register: sign-ups are throttled per address).
  const replay = await request.post('/api/otp/send', { data: { phone_number: customer.international, captcha_token: signUp } });
  expect(replay.status()).toBe(422);
  expect(((await replay.json()) as { code: string }).code).toBe('captcha_used');

  // A reset code: the dialog solves a challenge before asking for it.
  await page.goto('/login');
  await page.getByRole('button', { name: t.auth.login.forgot }).click();
  const dialog = page.getByRole('dialog', { name: t.reset.title });
  await dialog.getByLabel(t.reset.phoneLabel).fill(customer.international);
  await dialog.getByRole('button', { name: t.reset.sendCode }).click();
  await expect(dialog.getByLabel(t.reset.codeLabel)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // Three wrong passwords, then the right one: the page sends a solution
  // from the moment the server asks for one.
  await page.getByLabel(t.auth.fields.loginId).fill(customer.phone_number);
  for (let i = 0; i < 3; i++) {
    await page.getByLabel(t.auth.fields.password, { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: t.auth.login.submit }).click();
    const failed = page.getByRole('alertdialog', { name: t.auth.login.failedTitle });
    await failed.getByRole('button', { name: t.auth.login.failedButton }).click();
    await expect(failed).toBeHidden();
  }
  await page.getByLabel(t.auth.fields.password, { exact: true }).fill(customer.password);
  await page.getByRole('button', { name: t.auth.login.submit }).click();
  await page.waitForURL(/\/home$/);

  const logins = posted.filter((p) => p.path === '/api/login').map((p) => p.token);
  expect(logins).toHaveLength(4);
  expect(logins.slice(0, 3)).toEqual([undefined, undefined, undefined]);
  expect(logins[3]).toMatch(/^[A-Za-z0-9+/]+=*$/);
  const sends = posted.filter((p) => p.path === '/api/otp/send').map((p) => p.token);
  expect(sends).toHaveLength(1);
  expect(new Set([signUp, sends[0], logins[3]]).size).toBe(3);
  expect(blocked).toEqual([]);
});

// In Burmese, the reset dialog solves the widget for the seeded customer
// (sign-ups are throttled per address, and the suite needs its share).
test('the real widget in Burmese: a reset code', async ({ page }) => {
  const t = texts('my');
  await prefer(page, 'dark', 'my');
  const sent: (string | undefined)[] = [];
  page.on('request', (req) => {
    if (req.method() === 'POST' && new URL(req.url()).pathname === '/api/otp/send') sent.push(tokenOf(req));
  });
  await page.goto('/login');
  await page.getByRole('button', { name: t.auth.login.forgot }).click();
  const dialog = page.getByRole('dialog', { name: t.reset.title });
  await dialog.getByLabel(t.reset.phoneLabel).fill('+959123456789');
  await dialog.getByRole('button', { name: t.reset.sendCode }).click();
  await expect(dialog.getByLabel(t.reset.codeLabel)).toBeVisible();
  expect(sent).toHaveLength(1);
  const solution = JSON.parse(Buffer.from(sent[0] ?? '', 'base64').toString()) as Record<string, unknown>;
  expect(solution).toMatchObject({ algorithm: 'SHA-256', challenge: expect.stringMatching(/^[0-9a-f]{64}$/) });
});

test('the API refuses a missing and a forged captcha', async ({ request }) => {
  // A reset code for the seeded customer: sign-ups are throttled per address.
  const body = { phone_number: '+959123456789' };
  const missing = await request.post('/api/otp/send', { data: body });
  expect(missing.status()).toBe(422);
  expect(((await missing.json()) as { code: string }).code).toBe('captcha_required');
  // A genuine solution with its number changed is forged.
  const genuine = JSON.parse(Buffer.from(await solveCaptcha(request), 'base64').toString()) as { number: number };
  const forged = Buffer.from(JSON.stringify({ ...genuine, number: genuine.number + 1 })).toString('base64');
  const refused = await request.post('/api/otp/send', { data: { ...body, captcha_token: forged } });
  expect(refused.status()).toBe(422);
  expect(((await refused.json()) as { code: string }).code).toBe('captcha_invalid');
});
