import { http, HttpResponse } from 'msw';

export const testConfig = {
  store_name: 'Shwe Top-Up',
  pusher: { key: 'app-key', ws_host: 'localhost', ws_port: 8080, force_tls: false, cluster: 'mt1' },
  support: { telegram: 'https://t.me/shwetopup' },
};

// Default API answers for component tests; override per test with server.use(...).
export const handlers = [http.get('*/api/config', () => HttpResponse.json({ success: true, data: testConfig }))];
