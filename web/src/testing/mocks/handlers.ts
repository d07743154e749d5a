import { http, HttpResponse } from 'msw';

import type { User } from '@/types/api';

export const testConfig = {
  store_name: 'Shwe Top-Up',
  pusher: { key: 'app-key', ws_host: 'localhost', ws_port: 8080, wss_port: 443, force_tls: false, cluster: 'mt1' },
  support: { facebook: 'https://facebook.com/shwetopup', telegram: 'https://t.me/shwetopup', tiktok: 'https://tiktok.com/@shwetopup' },
};

/** Users GET /api/user/{id} answers with (signInAs registers them). */
export const mockUsers = new Map<number, User>();

// Default API answers for component tests; override per test with server.use(...).
export const handlers = [
  http.get('*/api/config', () => HttpResponse.json({ success: true, data: testConfig })),
  http.get('*/api/user/:id', ({ params }) => {
    const user = mockUsers.get(Number(params.id));
    return user
      ? HttpResponse.json({ success: true, data: user })
      : HttpResponse.json({ success: false, message: 'Not found' }, { status: 404 });
  }),
];
