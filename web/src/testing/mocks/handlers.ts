import { http, HttpResponse } from 'msw';

import type { SessionUser } from '@/types/session';

export const testConfig = {
  store_name: 'Shwe Top-Up',
  pusher: { key: 'app-key', ws_host: 'localhost', ws_port: 8080, wss_port: 443, force_tls: false, cluster: 'mt1' },
  support: { facebook: 'https://facebook.com/shwetopup', telegram: 'https://t.me/shwetopup', tiktok: 'https://tiktok.com/@shwetopup' },
};

/** Users GET /api/user/{id} answers with (signInAs registers them). */
export const mockUsers = new Map<number, SessionUser>();

/** Store answers: an empty store unless a test says otherwise. */
const emptyPage = { data: [], current_page: 1, last_page: 1, per_page: 12, total: 0 };
export const storeHandlers = [
  http.get('*/api/games', () => HttpResponse.json({ success: true, data: [] })),
  http.get('*/api/banner', () => HttpResponse.json({ success: true, data: null })),
  http.get('*/api/products', () => HttpResponse.json({ success: true, data: emptyPage })),
  http.get('*/api/reviews', () => HttpResponse.json({ success: true, data: emptyPage })),
  http.get('*/api/services', () => HttpResponse.json({ success: true, data: [] })),
  http.get('*/api/admin-status', () => HttpResponse.json({ success: true, adminStatus: false, data: { admin_online: false } })),
  http.get('*/api/orders', () => HttpResponse.json({ success: true, data: emptyPage })),
  http.get('*/api/refunds', () => HttpResponse.json({ success: true, data: [] })),
  http.get('*/api/message/:userId', () => HttpResponse.json({ success: true, messages: [] })),
  http.get('*/api/payment-methods', () => HttpResponse.json({ success: true, data: [] })),
  http.get('*/api/topup-orders', () => HttpResponse.json({ success: true, data: emptyPage })),
  http.get('*/api/search', ({ request }) =>
    HttpResponse.json({ success: true, data: { query: new URL(request.url).searchParams.get('q') ?? '', games: [], products: emptyPage } }),
  ),
];

/** The account page's settings: no other sessions, a language choice saved as asked, no account waiting for deletion. */
export const accountHandlers = [
  http.get('*/api/account/sessions', () => HttpResponse.json({ success: true, data: [] })),
  http.get('*/api/admin/account-deletions', () => HttpResponse.json({ success: true, data: [] })),
  http.put('*/api/account/locale', async ({ request }) => {
    const { locale } = (await request.json()) as { locale: string };
    const [user] = mockUsers.values();
    return HttpResponse.json({ success: true, data: { ...user, locale } });
  }),
];

// Default API answers for component tests; override per test with server.use(...).
export const handlers = [
  ...storeHandlers,
  ...accountHandlers,
  http.get('*/api/config', () => HttpResponse.json({ success: true, data: testConfig })),
  http.get('*/api/user/:id', ({ params }) => {
    const user = mockUsers.get(Number(params.id));
    return user
      ? HttpResponse.json({ success: true, data: user })
      : HttpResponse.json({ success: false, message: 'Not found' }, { status: 404 });
  }),
];
