import { describe, expect, it } from 'vitest';

import { formatAge } from '@/features/admin/utils/format';
import { formatDate, formatYangonDateTime, fromNow } from '@/lib/time';

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

describe('a moment in Yangon, in each language', () => {
  // 16:35 UTC is 23:05 in Yangon (+06:30).
  it('names the month in Burmese, where Intl would fall back to English', () => {
    expect(formatYangonDateTime('2026-11-24T16:35:00Z', 'en')).toBe('24 Nov 2026, 23:05');
    expect(formatYangonDateTime('2026-11-24T16:35:00Z', 'my')).toBe('24 နိုဝင်ဘာ 2026, 23:05');
    expect(formatYangonDateTime('2026-01-01T00:00:00Z', 'my')).toBe('1 ဇန်နဝါရီ 2026, 06:30');
  });

  it('writes ages with Burmese units', () => {
    expect(formatAge(75)).toBe('1m 15s');
    expect(formatAge(75, 'my')).toBe('1 မိနစ် 15 စက္ကန့်');
    expect(formatAge(7300, 'my')).toBe('2 နာရီ 1 မိနစ်');
  });
});
