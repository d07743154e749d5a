import { describe, expect, it } from 'vitest';

import alwaysBurmese from '@/locales/always-burmese.json';
import my from '@/locales/my.json';

// Digits consistent within Burmese (issue 25): amounts are written in Latin
// digits unless the reader chooses Myanmar ones (lib/digits.ts), so the
// Burmese strings write their own numbers ("6 characters") in Latin too;
// "၂,၀၀၀" beside "5,000 ကျပ်" on one screen read as two systems. The digits
// switch shows both systems on purpose.
function strings(value: unknown, path = ''): [string, string][] {
  if (typeof value === 'string') return [[path, value]];
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, inner]) => strings(inner, path ? `${path}.${key}` : key));
  return [];
}

describe('Burmese strings', () => {
  it('write numbers in Latin digits (the reader may switch to Myanmar ones)', () => {
    const myanmar = [...strings(my), ...strings(alwaysBurmese)].filter(([path, text]) => path !== 'language.myanmarDigits' && /[၀-၉]/.test(text));
    expect(myanmar).toEqual([]);
  });
});
