import { describe, expect, it } from 'vitest';

import { changeLanguage, i18n, LANGUAGE_STORAGE_KEY } from '@/lib/i18n';

// setup.ts started i18next in English; this file's module state is its own,
// so Burmese has not been fetched yet when it begins. The tests run in order.
describe('lib/i18n: one language at a time', () => {
  it('starts with English and only the always-Burmese texts of Burmese', () => {
    expect(i18n.t('home.heading')).toBe('Available Our Store');
    expect(i18n.exists('home.heading', { lng: 'my' })).toBe(false);
    expect(i18n.t('notifications.deleteWarning', { lng: 'my' })).toBe('ဤစာကို ဖျက်မှာ သေချာပါသလား? ဖျက်ပြီးပါက ပြန်ယူ၍ မရနိုင်ပါ။');
  });

  it('keeps the last choice when an earlier, slower one finishes loading after it', async () => {
    const burmese = changeLanguage('my');
    const english = changeLanguage('en');
    await Promise.all([burmese, english]);
    expect(i18n.language).toBe('en');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
    // The Burmese strings did arrive, merged with the always-Burmese ones.
    expect(i18n.t('home.heading', { lng: 'my' })).toBe('ကျွန်ုပ်တို့ဆိုင်တွင် ရရှိနိုင်သည်များ');
    expect(i18n.exists('footer.blurb', { lng: 'my' })).toBe(true);
  });

  it('switches to Burmese and sets the page language', async () => {
    await changeLanguage('my');
    expect(i18n.t('home.heading')).toBe('ကျွန်ုပ်တို့ဆိုင်တွင် ရရှိနိုင်သည်များ');
    expect(document.documentElement.lang).toBe('my');
  });
});
