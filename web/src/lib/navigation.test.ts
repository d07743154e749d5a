import { describe, expect, it } from 'vitest';

import { localPath } from '@/lib/navigation';

describe('localPath: ?next= and ?return= stay on this site', () => {
  it.each(['/top-up', '/order?x=1', '/detail/top-up/mobile-legends#packs'])('keeps the local path %s', (path) => {
    expect(localPath(path)).toBe(path);
  });

  // Browsers drop tabs and newlines from a URL before reading it, so
  // "/\t/evil.example" is "//evil.example": another site.
  it.each([
    '//evil.example',
    '/\\evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r\n/evil.example',
    '\t//evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    'evil.example',
    '',
    null,
    undefined,
  ])('refuses %j', (value) => {
    expect(localPath(value)).toBeUndefined();
  });
});
