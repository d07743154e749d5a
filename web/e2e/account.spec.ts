import { expect, test, type APIRequestContext, type Browser, type Page, type WebSocket } from './test';

import { applySession, expectNoHorizontalScroll, newCustomer, prefer, screenshot, sql, type LoginBody } from './helpers';

// The account page's settings with two browsers signed in as one customer:
// changing the password (or signing a device out) in one ends the other's
// session at once, and its pusher-js socket is closed by the server
// (terminate_connections); the language chosen in one is the other's at its
// next sign-in.

test.describe.configure({ mode: 'serial' });

const PASSWORD = 'customer123'; // the demo customer's, copied in SQL

/** A fresh customer made in SQL (sign-ups are limited per address), signed in through the API. */
function customerSession(request: APIRequestContext) {
  const customer = newCustomer();
  sql(
    `INSERT INTO users (username, phone, password_hash) SELECT '${customer.username}', '${customer.international}', password_hash FROM users WHERE phone = '+959123456789'`,
  );
  return { customer, login: () => loginAs(request, customer.phone_number, PASSWORD) };
}

async function loginAs(request: APIRequestContext, phone: string, password: string): Promise<LoginBody> {
  const response = await request.post('/api/login', { data: { phone_number: phone, password } });
  expect(response.ok(), await response.text()).toBeTruthy();
  return (await response.json()) as LoginBody;
}

/** Records the page's realtime sockets (the app's pusher-js connection): opened, signed in (pusher:signin), closed. */
function watchSockets(page: Page) {
  const sockets: { signedIn: boolean; closed: boolean }[] = [];
  page.on('websocket', (socket: WebSocket) => {
    if (!socket.url().includes('/app/')) return;
    const entry = { signedIn: false, closed: false };
    socket.on('framereceived', (frame) => {
      if (String(frame.payload).includes('pusher:signin_success')) entry.signedIn = true;
    });
    socket.on('close', () => (entry.closed = true));
    sockets.push(entry);
  });
  return {
    open: () => sockets.filter((entry) => !entry.closed).length,
    closed: () => sockets.filter((entry) => entry.closed).length,
    /** Waits until an open socket has signed in as the user. */
    async signedIn() {
      await expect.poll(() => sockets.filter((entry) => entry.signedIn && !entry.closed).length, { timeout: 15_000 }).toBe(1);
    },
  };
}

async function openSignedIn(browser: Browser, body: LoginBody, theme: 'light' | 'dark', language: 'en' | 'my', width: number) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await prefer(page, theme, language);
  await applySession(page, body);
  const sockets = watchSockets(page);
  return { context, page, sockets };
}

type Run = { width: number; theme: 'light' | 'dark'; language: 'en' | 'my' };

/** One customer in two browsers: the other on /home with its socket signed in, this one on the account page. */
async function twoBrowsers(browser: Browser, request: APIRequestContext, run: Run) {
  const { customer, login } = customerSession(request);
  const here = await openSignedIn(browser, await login(), run.theme, run.language, run.width);
  const there = await openSignedIn(browser, await login(), run.theme, run.language, run.width);
  await there.page.goto('/home');
  await there.sockets.signedIn();
  await here.page.goto(`/${customer.username}`);
  return { customer, here, there };
}

const runs = [
  { width: 375, theme: 'light', language: 'en' },
  { width: 1280, theme: 'dark', language: 'my' },
] as const;

const words = {
  en: { password: 'Change password', submit: 'Change password', current: 'Current password', next: 'New password', confirm: 'Confirm new password', saved: 'Password changed. 1 other device was signed out.', signOut: 'Sign out', thisDevice: 'This device', sessions: "Where you're signed in", signedOut: '1 device was signed out.' },
  my: { password: 'စကားဝှက် ပြောင်းရန်', submit: 'စကားဝှက် ပြောင်းမည်', current: 'လက်ရှိ စကားဝှက်', next: 'စကားဝှက် အသစ်', confirm: 'စကားဝှက် အသစ်ကို အတည်ပြုပါ', saved: 'စကားဝှက် ပြောင်းပြီးပါပြီ။ အခြားစက် 1 ခုမှ ထွက်ပြီးပါပြီ။', signOut: 'ထွက်မည်', thisDevice: 'ဤစက်', sessions: 'သင် ဝင်ထားသော နေရာများ', signedOut: 'စက် 1 ခုမှ ထွက်ပြီးပါပြီ။' },
} as const;

for (const run of runs) {
  test(`change password: the other browser is signed out and its socket closed (${run.width}-${run.theme}-${run.language})`, async ({ browser, request }) => {
    const w = words[run.language];
    const { customer, here, there } = await twoBrowsers(browser, request, run);
    await here.sockets.signedIn();

    const card = here.page.getByRole('region', { name: w.password });
    await card.getByLabel(w.current).fill(PASSWORD);
    await card.getByLabel(w.next, { exact: true }).fill('a-new-secret');
    await card.getByLabel(w.confirm).fill('a-new-secret');
    await card.getByRole('button', { name: w.submit }).click();
    await expect(card.getByText(w.saved)).toBeVisible();

    // The other browser: its socket is closed by the server, and the app,
    // finding its token refused, signs out.
    await expect.poll(() => there.sockets.closed()).toBeGreaterThan(0);
    await expect(there.page).toHaveURL(/\/login$/);
    expect(there.sockets.open()).toBe(0);
    // This browser stays signed in; its socket (closed too: the server
    // ends a user's sockets together) comes back and signs in again.
    await expect.poll(() => here.sockets.closed()).toBeGreaterThan(0);
    await here.sockets.signedIn();
    await expect(here.page.getByRole('region', { name: w.sessions }).getByTestId('session')).toHaveCount(1);
    await expect(here.page.getByTestId('session').first()).toContainText(w.thisDevice);
    await expectNoHorizontalScroll(here.page);
    await here.page.evaluate(() => window.scrollTo(0, 0)); // the fixed header at the top of the picture
    await screenshot(here.page, `account-${run.width}-${run.theme}-${run.language}`);
    const old = await request.post('/api/login', { data: { phone_number: customer.phone_number, password: PASSWORD } });
    expect(old.status()).toBe(401);
    await here.context.close();
    await there.context.close();
  });

  test(`sign out one device from the list (${run.width}-${run.theme}-${run.language})`, async ({ browser, request }) => {
    const w = words[run.language];
    const { here, there } = await twoBrowsers(browser, request, run);
    const list = here.page.getByRole('region', { name: w.sessions });
    await expect(list.getByTestId('session')).toHaveCount(2);
    await list.getByTestId('session').filter({ hasNotText: w.thisDevice }).getByRole('button', { name: w.signOut }).click();
    await expect(list.getByText(w.signedOut)).toBeVisible();
    await expect(list.getByTestId('session')).toHaveCount(1);
    await expect.poll(() => there.sockets.closed()).toBeGreaterThan(0);
    await expect(there.page).toHaveURL(/\/login$/);
    await here.context.close();
    await there.context.close();
  });
}

test('the language chosen on one device is the next device’s at sign-in', async ({ browser, request }) => {
  const { customer, login } = customerSession(request);
  const first = await openSignedIn(browser, await login(), 'light', 'en', 375);
  await first.page.goto(`/${customer.username}`);
  await first.page.getByRole('region', { name: 'Language' }).getByRole('button', { name: 'မြန်မာ' }).click();
  await expect(first.page.locator('html')).toHaveAttribute('lang', 'my');
  await expect.poll(() => sql(`SELECT locale FROM users WHERE username = '${customer.username}'`)).toBe('my');

  // A new browser that prefers English signs in and gets Burmese.
  const second = await openSignedIn(browser, await login(), 'dark', 'en', 1280);
  await second.page.goto('/home');
  await expect(second.page.locator('html')).toHaveAttribute('lang', 'my');
  await expect(second.page.getByRole('heading', { level: 1, name: 'ကျွန်ုပ်တို့ဆိုင်တွင် ရရှိနိုင်သည်များ' })).toBeVisible();
  await screenshot(second.page, 'account-language-1280-dark-my');

  // Switching back there reaches the first browser live (user.updated).
  await second.page.goto(`/${customer.username}`);
  await second.page.getByRole('region', { name: 'ဘာသာစကား' }).getByRole('button', { name: 'English' }).click();
  await expect.poll(() => sql(`SELECT locale FROM users WHERE username = '${customer.username}'`)).toBe('en');
  await expect(first.page.locator('html')).toHaveAttribute('lang', 'en');
  await first.context.close();
  await second.context.close();
});
