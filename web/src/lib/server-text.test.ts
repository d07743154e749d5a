import { beforeAll, describe, expect, it } from 'vitest';

import { ApiError } from '@/lib/api-client';
import { changeLanguage, changeMyanmarDigits, i18n } from '@/lib/i18n';
import { errorTextByCode, fieldTextsByCode } from '@/lib/server-text';
import en from '@/locales/en.json';
import my from '@/locales/my.json';
import serverCodes from '@/locales/server-codes.json';

// web/src/locales/server-codes.json is generated from the server's catalogue
// (go generate ./internal/i18n, checked by a Go test): every code the server
// can answer with. Each needs words in both languages, naming the same
// numbers of the same kinds, or a Burmese customer would read English.
describe('every server code has words in both languages', () => {
  const placeholders = (text: string) =>
    [...new Set([...text.matchAll(/\{\{\s*([a-z_]+)\s*(?:,\s*([a-z]+)\s*)?\}\}/g)].map((m) => (m[2] ? `${m[1]}:${m[2]}` : m[1])))].sort();

  for (const [language, strings] of [
    ['en', en.errors.codes],
    ['my', my.errors.codes],
  ] as const) {
    it(`${language}: errors.codes names every code with its parameters`, () => {
      const words = strings as Record<string, string>;
      const missing = serverCodes.filter(({ code }) => !words[code]?.trim()).map(({ code }) => code);
      expect(missing).toEqual([]);
      const wrongParams = serverCodes
        .filter(({ code, params }) => JSON.stringify(placeholders(words[code] ?? '')) !== JSON.stringify([...params].sort()))
        .map(({ code }) => code);
      expect(wrongParams).toEqual([]);
    });
  }

  it('my: the words are Burmese', () => {
    const english = serverCodes.filter(({ code }) => !/[\u1000-\u109f]/.test((my.errors.codes as Record<string, string>)[code] ?? ''));
    expect(english.map(({ code }) => code)).toEqual([]);
  });
});

function failure(body: object) {
  return new ApiError(422, 'failed', body);
}

describe('server errors are translated by code, never by their English words', () => {
  beforeAll(async () => {
    await changeLanguage('my'); // fetches the Burmese strings
    await changeLanguage('en');
  });

  const short = failure({
    success: false,
    code: 'insufficient_funds',
    message: 'Whatever the server says today.',
    params: { required: 12050, balance: 5137, shortfall: 6913 },
  });

  it('words an error by its code with separated amounts in the UI language', () => {
    expect(errorTextByCode(i18n.t, short)).toBe('Your wallet balance is not enough for this order. Please top up first.');
    const withAmounts = failure({ code: 'insufficient_funds_by', message: 'x', params: { required: 12050, balance: 5137, shortfall: 6913 } });
    expect(errorTextByCode(i18n.t, withAmounts)).toContain('at least 6,913 Ks');
    const burmese = i18n.getFixedT('my');
    expect(errorTextByCode(burmese, withAmounts)).toContain('6,913 ကျပ်');
    expect(errorTextByCode(burmese, withAmounts)).not.toMatch(/Ks|wallet/);
  });

  it('writes amounts in Myanmar digits in Burmese only when the reader chose them', async () => {
    const withAmounts = failure({ code: 'insufficient_funds_by', message: 'x', params: { required: 12050, balance: 5137, shortfall: 6913 } });
    await changeMyanmarDigits(true);
    try {
      expect(errorTextByCode(i18n.getFixedT('my'), withAmounts)).toContain('၆,၉၁၃ ကျပ်');
      expect(errorTextByCode(i18n.getFixedT('en'), withAmounts)).toContain('6,913 Ks');
    } finally {
      await changeMyanmarDigits(false);
    }
    expect(errorTextByCode(i18n.getFixedT('my'), withAmounts)).toContain('6,913 ကျပ်');
  });

  it('ignores a changed English sentence: the code decides', () => {
    const reworded = failure({ code: 'invalid', message: 'Username needed!!', errors: { username: ['Username needed!!'] }, codes: { username: ['username_required'] } });
    expect(errorTextByCode(i18n.getFixedT('en'), reworded)).toBe('Username is required');
    expect(fieldTextsByCode(i18n.getFixedT('my'), reworded)).toEqual({ username: 'အသုံးပြုသူအမည် ထည့်ရန် လိုအပ်ပါသည်' });
  });

  it('shows the server’s own words for a code the app does not know yet', () => {
    const unknown = failure({ code: 'brand_new_code', message: 'ဆာဗာ၏ စာ', errors: { name: ['ဆာဗာ၏ စာ'] }, codes: { name: ['brand_new_code'] } });
    expect(errorTextByCode(i18n.getFixedT('my'), unknown)).toBeUndefined();
    expect(fieldTextsByCode(i18n.getFixedT('my'), unknown)).toEqual({ name: 'ဆာဗာ၏ စာ' });
  });
});
