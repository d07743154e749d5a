import { vi } from 'vitest';

/** Replaces window.matchMedia (absent in jsdom) with one answering the dark-scheme query. */
export function mockColorScheme(scheme: 'light' | 'dark') {
  const matchMedia = vi.fn((query: string) => ({
    matches: scheme === 'dark' && query.includes('prefers-color-scheme: dark'),
    media: query,
    onchange: null,
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    addListener: vi.fn(),
    removeListener: vi.fn(),
    dispatchEvent: vi.fn(() => false),
  }));
  vi.stubGlobal('matchMedia', matchMedia);
  return matchMedia;
}
