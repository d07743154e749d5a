import '@testing-library/jest-dom/vitest';

import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';

import { i18n } from '@/lib/i18n';
import { mockColorScheme } from '@/testing/match-media';
import { server } from '@/testing/mocks/server';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

beforeEach(async () => {
  mockColorScheme('light');
  // jsdom has no layout; ScrollRestoration calls scrollTo.
  vi.stubGlobal('scrollTo', vi.fn());
  await i18n.changeLanguage('en');
});

afterEach(() => {
  cleanup();
  server.resetHandlers();
  localStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  document.documentElement.className = '';
  document.documentElement.removeAttribute('style');
  document.head.querySelectorAll('title, meta').forEach((node) => node.remove());
});
