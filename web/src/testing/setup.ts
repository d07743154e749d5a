import '@testing-library/jest-dom/vitest';

import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';

import { setCaptchaFactory } from '@/lib/captcha';
import { i18n, initI18n } from '@/lib/i18n';
import { fakeCaptcha } from '@/testing/fake-captcha';
import { resetFakeRealtime } from '@/testing/fake-echo';
import { mockColorScheme } from '@/testing/match-media';
import { mockUsers } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';

// The realtime seam: no test opens a websocket (lib/echo.test.ts tests the real module).
vi.mock('@/lib/echo', () => import('@/testing/fake-echo'));

await initI18n('en');

// findBy*/waitFor give up after 1 s by default; on a loaded 2-core CI machine
// (the unit tests run beside the Go tests under -race) a lazily loaded chunk
// can take longer than that to render, which made correct tests fail: 5 s
// was too little once, at load average 19. Waiting longer never lets a wrong
// result pass: the assertions are unchanged, and a test still ends at
// vite.config.ts's testTimeout.
configure({ asyncUtilTimeout: 15_000 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

beforeEach(async () => {
  setCaptchaFactory(fakeCaptcha);
  mockColorScheme('light');
  // jsdom has no layout; ScrollRestoration calls scrollTo.
  vi.stubGlobal('scrollTo', vi.fn());
  await i18n.changeLanguage('en');
});

afterEach(() => {
  cleanup();
  server.resetHandlers();
  mockUsers.clear();
  resetFakeRealtime();
  localStorage.clear();
  sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  document.documentElement.className = '';
  document.documentElement.removeAttribute('style');
  document.head.querySelectorAll('title, meta').forEach((node) => node.remove());
});
