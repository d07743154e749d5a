import { describe, expect, it } from 'vitest';

import { formatDate, fromNow } from '@/lib/time';

describe('relative times', () => {
  it('says "5 minutes ago" in English and Burmese', () => {
    const now = '2025-08-17T10:05:00Z';
    expect(fromNow('2025-08-17T10:00:00Z', 'en', now)).toBe('5 minutes ago');
    expect(fromNow('2025-08-17T10:00:00Z', 'my', now)).toBe('လွန်ခဲ့သော 5 မိနစ် က');
    expect(fromNow('2025-08-17T10:04:30Z', 'en', now)).toBe('a few seconds ago');
  });

  it('formats dates', () => {
    expect(formatDate('2025-08-17T10:00:00Z', 'en')).toBe('17 Aug 2025');
  });
});
