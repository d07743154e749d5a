import { expect, test, type APIRequestContext, type BrowserContext, type Page } from './test';

import { applySession, apiLogin, expectNoHorizontalScroll, newCustomer, png, registerByApi, screenshot, type LoginBody } from './helpers';

// The back office with two browser contexts against the real server: an admin in one,
// a customer in the other; every effect on the customer's screen arrives live
// (no reload). Each context logs in once (logins are throttled per IP).

const ADMIN = { phone_number: '09000000001', password: 'admin123' };

type Api = { get: <T>(path: string) => Promise<T>; post: <T>(path: string, data?: unknown) => Promise<T> };

/** JSON calls with a bearer token through a context's request (same IP, no extra login). */
function apiOf(request: APIRequestContext, token: string): Api {
  const headers = { Authorization: `Bearer ${token}`, Accept: 'application/json' };
  return {
    async get<T>(path: string) {
      const response = await request.get(path, { headers });
      expect(response.ok(), `${path}: ${await response.text()}`).toBeTruthy();
      return (await response.json()) as T;
    },
    async post<T>(path: string, data?: unknown) {
      const response = await request.post(path, { headers, data });
      expect(response.ok(), `${path}: ${await response.text()}`).toBeTruthy();
      return (await response.json()) as T;
    },
  };
}

test.describe.serial('admin back office, live', () => {
  let adminContext: BrowserContext;
  let customerContext: BrowserContext;
  let admin: Page;
  let customer: Page;
  let adminApi: Api;
  let customerApi: Api;
  let customerLogin: LoginBody;
  let customerToken: string;

  test.beforeAll(async ({ browser }) => {
    adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    customerContext = await browser.newContext({ viewport: { width: 375, height: 800 } });
    const adminResponse = await adminContext.request.post('/api/login', { data: ADMIN });
    expect(adminResponse.ok(), await adminResponse.text()).toBeTruthy();
    const adminLogin = (await adminResponse.json()) as LoginBody;
    const person = newCustomer();
    await registerByApi(customerContext.request, person);
    customerLogin = await apiLogin(customerContext.request, person);
    customerToken = customerLogin.token;
    admin = await adminContext.newPage();
    customer = await customerContext.newPage();
    await applySession(admin, adminLogin);
    await applySession(customer, customerLogin);
    adminApi = apiOf(adminContext.request, adminLogin.token);
    customerApi = apiOf(customerContext.request, customerToken);
  });

  test.afterAll(async () => {
    await adminContext?.close();
    await customerContext?.close();
  });

  test('a new top-up appears live; the admin confirms it and the customer’s balance changes live', async () => {
    await admin.goto('/dashboard/topups');
    await expect(admin.getByRole('heading', { name: 'Top-up queue' })).toBeVisible();
    await expect(admin.getByRole('list', { name: 'Admins on the dashboard' }).getByText('admin')).toBeVisible();
    await customer.goto('/home');
    const balance = customer.getByRole('status', { name: 'Balance' });
    await expect(balance).toContainText('0 Ks');

    // The customer sends a top-up through the API (quote, real PNG receipt, request).
    const quote = await customerApi.get<{ data: { amount: number; total: number; quote: string } }>('/api/topup-quote?amount=50000');
    const upload = await customerContext.request.post('/api/uploads', {
      headers: { Authorization: `Bearer ${customerToken}` },
      multipart: { file: { name: 'receipt.png', mimeType: 'image/png', buffer: png(Date.now() % 251) } },
    });
    expect(upload.ok(), await upload.text()).toBeTruthy();
    const uploadId = ((await upload.json()) as { data: { id: number } }).data.id;
    const created = await customerApi.post<{ data: { id: number } }>('/api/topup-orders', {
      amount: quote.data.amount,
      payment_method: 'KBZPay',
      upload_id: uploadId,
      quote: quote.data.quote,
    });
    const topupId = created.data.id;

    // topup.created on private-admins: the card shows up without a reload.
    const card = admin.getByRole('link', { name: `Review top-up #${topupId}` });
    await expect(card).toBeVisible();
    await card.click();
    await expect(admin.getByRole('heading', { name: `Top-up #${topupId}` })).toBeVisible();
    await expect(admin.getByRole('img', { name: 'The customer’s transfer receipt' }).or(admin.getByRole('img', { name: "The customer's transfer receipt" }))).toBeVisible();
    await expect(admin.getByText(`${new Intl.NumberFormat('en-US').format(quote.data.total)} Ks`).first()).toBeVisible();
    await screenshot(admin, 'admin-journey-topup-detail');

    await admin.getByRole('button', { name: 'Confirm', exact: true }).click();
    const dialog = admin.getByRole('alertdialog');
    await expect(dialog).toContainText(`Confirm top-up #${topupId}?`);
    await dialog.getByRole('button', { name: 'Confirm', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(admin.getByText('Confirmed').first()).toBeVisible();

    await expect(balance).toContainText(`${new Intl.NumberFormat('en-US').format(quote.data.total)} Ks`);
  });

  test('a reject needs a reason', async () => {
    const quote = await customerApi.get<{ data: { amount: number; quote: string } }>('/api/topup-quote?amount=10000');
    const upload = await customerContext.request.post('/api/uploads', {
      headers: { Authorization: `Bearer ${customerToken}` },
      multipart: { file: { name: 'receipt.png', mimeType: 'image/png', buffer: png((Date.now() % 241) + 7) } },
    });
    const uploadId = ((await upload.json()) as { data: { id: number } }).data.id;
    const created = await customerApi.post<{ data: { id: number } }>('/api/topup-orders', { amount: quote.data.amount, payment_method: 'KBZPay', upload_id: uploadId, quote: quote.data.quote });
    await admin.goto(`/dashboard/topups/${created.data.id}`);
    await admin.getByRole('button', { name: 'Reject', exact: true }).click();
    const dialog = admin.getByRole('alertdialog');
    await dialog.getByRole('button', { name: 'Reject', exact: true }).click();
    await expect(dialog.getByText('Please give a reason.')).toBeVisible();
    await dialog.getByLabel('Reason shown to the customer (required)').fill('The transfer did not arrive.');
    await dialog.getByRole('button', { name: 'Reject', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(admin.getByText('The transfer did not arrive.')).toBeVisible();
  });

  test('an admin claims and delivers a coin order; the customer sees it completed live', async () => {
    const products = await adminApi.get<{ data: { data: { id: number; price: number; game_name: string; name: string }[] } }>(
      '/api/admin/products?kind=coin&per_page=100',
    );
    const product = products.data.data.find((item) => item.game_name === 'Mobile Legends' && item.price <= 20_000);
    expect(product, 'a Mobile Legends coin product').toBeTruthy();

    await admin.goto('/dashboard/orders');
    await expect(admin.getByRole('heading', { name: 'Orders', exact: true })).toBeVisible();
    await customer.goto('/home');
    await customer.getByRole('button', { name: /Open notifications/ }).click();

    const placed = await customerApi.post<{ order: { id: number } } & { data?: { order?: { id: number } } }>('/api/order', {
      product_id: product!.id,
      game_uid: '123456789',
      server_id: '2001',
    });
    const orderId = placed.order?.id ?? placed.data?.order?.id;
    expect(orderId).toBeTruthy();

    // order.created on private-admins: it is in the queue without a reload.
    const card = admin.getByRole('listitem').filter({ has: admin.getByRole('link', { name: new RegExp(`^#${orderId} · `) }) });
    await expect(card).toBeVisible();
    await expect(card).toContainText('123456789');
    await expect(card).toContainText('2001');
    await card.getByRole('button', { name: 'Claim' }).click();
    await expect(card).toContainText('Claimed by admin');
    await card.getByRole('button', { name: 'Mark delivered' }).click();
    const dialog = admin.getByRole('alertdialog');
    await expect(dialog).toContainText('123456789');
    await dialog.getByRole('button', { name: 'Mark delivered' }).click();
    await expect(dialog).toBeHidden();
    await expect(card).toBeHidden();

    // The customer's open notification panel gets the message live, and the order is completed.
    await expect(customer.getByText(`Order #${orderId} delivered`)).toBeVisible();
    await expect
      .poll(async () => {
        const list = await customerApi.get<{ data: { data: { id: number; payment_status: string }[] } }>('/api/orders');
        return list.data.data.find((row) => row.id === orderId)?.payment_status;
      })
      .toBe('completed');

    await admin.goto(`/dashboard/orders/${orderId}`);
    await expect(admin.getByRole('list', { name: 'Timeline' })).toContainText('order.complete');
  });

  test('an admin imports codes (duplicates refused) and a customer buys one of them', async () => {
    const games = await adminApi.get<{ data: { id: number; slug: string }[] }>('/api/admin/games');
    const game = games.data.find((item) => item.slug === 'steam-wallet');
    expect(game).toBeTruthy();
    const stamp = Date.now().toString(36);
    const created = await adminApi.post<{ data: { id: number; name: string } }>('/api/admin/products', {
      game_id: game!.id,
      name: `E2E Card ${stamp}`,
      price: 1000,
      sku: `e2e-${stamp}`,
    });
    const product = created.data;
    const codes: [string, string] = [`E2E-${stamp}-A`, `E2E-${stamp}-B`];

    await admin.goto('/dashboard/catalogue/products');
    await admin.getByLabel('Search').fill(product.name);
    await admin.getByRole('button', { name: `Import codes for ${product.name}` }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByLabel('Codes', { exact: true }).fill(`${codes[0]}\n${codes[1]}\n${codes[0]}`);
    await dialog.getByRole('button', { name: 'Import codes' }).click();
    await expect(dialog.getByText('Added 2, duplicates refused 1')).toBeVisible();
    await expect(dialog.getByText('In stock now: 2 available, 0 sold')).toBeVisible();
    await expect(dialog.getByText(/Low stock/)).toBeVisible();
    await dialog.getByLabel('Codes', { exact: true }).fill(codes[1]);
    await dialog.getByRole('button', { name: 'Import codes' }).click();
    await expect(dialog.getByText('Added 0, duplicates refused 1')).toBeVisible();
    await screenshot(admin, 'admin-journey-code-import');
    await dialog.getByRole('button', { name: 'Close' }).click();

    const bought = await customerApi.post<{ code?: string; data?: { code?: string } }>('/api/order', { product_id: product.id });
    const code = bought.code ?? bought.data?.code;
    expect(codes).toContain(code);

    await admin.goto('/dashboard/catalogue/codes');
    const row = admin.getByRole('row').filter({ hasText: product.name });
    await expect(row).toContainText('1');
  });

  test('the event console sends user.updated to the customer and shows the result', async () => {
    await admin.goto('/dashboard/events');
    await admin.getByLabel('Find a user').fill(String(customerLogin.user.id));
    await admin.getByRole('button', { name: 'Search' }).click();
    await admin.getByRole('list', { name: 'Users found' }).getByRole('button').first().click();
    await expect(admin.getByText(`Channel private-user.${customerLogin.user.id}`)).toBeVisible();
    await admin.getByRole('button', { name: 'Send event' }).click();
    const result = admin.getByRole('status').filter({ hasText: 'Published' });
    await expect(result).toContainText(`private-user.${customerLogin.user.id} · user.updated`);
    await expect(result).toContainText('"updateType": "profile"');
  });

  test('an admin bans the customer, who is sent to /banned live', async () => {
    await customer.goto('/home');
    await expect(customer.getByRole('status', { name: 'Balance' })).toBeVisible();
    await admin.goto(`/dashboard/users/${customerLogin.user.id}`);
    await admin.getByRole('button', { name: 'Ban', exact: true }).click();
    const dialog = admin.getByRole('alertdialog');
    await dialog.getByRole('button', { name: 'Ban', exact: true }).click();
    await expect(dialog.getByText('Please give a reason.')).toBeVisible();
    await dialog.getByLabel('Reason shown to the user (required)').fill('Fake receipts (e2e)');
    await dialog.getByRole('button', { name: 'Ban', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(admin.getByText('User banned.')).toBeVisible();

    await expect(customer).toHaveURL(/\/banned$/);
    await expect(customer.getByText('Fake receipts (e2e)')).toBeVisible();
    await expectNoHorizontalScroll(admin);
  });
});
