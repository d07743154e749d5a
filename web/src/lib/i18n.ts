import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';

import { myanmarDigits, setMyanmarDigits, toMyanmarDigits } from '@/lib/digits';
import { formatAmount } from '@/lib/format';
import alwaysBurmese from '@/locales/always-burmese.json';
import type en from '@/locales/en.json';

// Only the active language's strings load with the app; the other is fetched
// when the user switches. index.html preloads the active one next to the
// entry (localeChunksInIndex in vite.config.ts), so the first paint is in
// that language without an extra round trip. The few texts docs/spec.md shows in
// Burmese whatever the language (t(key, { lng: 'my' })) are always bundled,
// in always-burmese.json.

// Keep the storage key and detection in sync with the inline script in index.html.
export const LANGUAGE_STORAGE_KEY = 'lang';
export const languages = ['en', 'my'] as const;
export type Language = (typeof languages)[number];
type Strings = typeof en;

// Burmese must cover every English key (checked by the satisfies).
const loaders: Record<Language, () => Promise<Strings>> = {
  en: () => import('@/locales/en.json').then((module) => module.default),
  my: () => import('@/locales/my.json').then((module) => module.default satisfies Strings),
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

export function detectLanguage(): Language {
  try {
    const saved = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    if (isLanguage(saved)) return saved;
  } catch {
    // storage unavailable
  }
  const preferred = typeof navigator === 'undefined' ? [] : navigator.languages;
  return preferred.some((tag) => tag.toLowerCase().startsWith('my')) ? 'my' : 'en';
}

const loaded = new Set<Language>();

/** Makes `language`'s strings available (fetched once). */
async function loadLanguage(language: Language) {
  if (loaded.has(language)) return;
  i18n.addResourceBundle(language, 'translation', await loaders[language](), true, false);
  loaded.add(language);
}

/** Loads the detected language's strings and starts i18next; call before the first render. */
export async function initI18n(language: Language = detectLanguage()) {
  const strings = await loaders[language]();
  loaded.add(language);
  await i18n.use(initReactI18next).init({
    resources: { [language]: { translation: strings } },
    lng: language,
    fallbackLng: false,
    supportedLngs: languages,
    interpolation: { escapeValue: false }, // React escapes
    initAsync: false,
  });
  i18n.addResourceBundle('my', 'translation', alwaysBurmese, true, false);
  addFormatters();
  document.documentElement.lang = i18n.language;
  i18n.on('languageChanged', (lng) => {
    document.documentElement.lang = lng;
  });
}

/**
 * The kinds of numbers the server's texts name (web/src/locales/server-codes.json):
 * `{{shortfall, kyat}}` → "4,000 Ks" / "4,000 ကျပ်", `{{max, number}}` → "1,000".
 */
function addFormatters() {
  const formatter = i18n.services.formatter;
  if (!formatter) return;
  const digits = (text: string, lng: string | undefined) => (lng === 'my' && myanmarDigits() ? toMyanmarDigits(text) : text);
  formatter.add('kyat', (value, lng) => (lng === 'my' ? `${digits(formatAmount(value as number), lng)} ကျပ်` : `${formatAmount(value as number)} Ks`));
  formatter.add('number', (value, lng) => digits(formatAmount(value as number), lng));
}

/** Switches Myanmar digits in Burmese text on or off and re-renders what shows them. */
export async function changeMyanmarDigits(on: boolean) {
  setMyanmarDigits(on);
  await i18n.changeLanguage(i18n.language);
}

let requested: Language | undefined;

/** Switches the UI language (fetching its strings first) and remembers it. */
export async function changeLanguage(language: Language) {
  requested = language;
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // storage unavailable: the choice lasts for this page only
  }
  await loadLanguage(language);
  // A quicker later choice (its strings already here) must not be undone.
  if (requested === language) await i18n.changeLanguage(language);
}

export { i18n };
