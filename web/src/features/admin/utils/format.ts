import { formatYangonDateTime } from '@/lib/time';

/** The store's day and clock: every admin time is shown in Myanmar time. */
export const STORE_TIME_ZONE = 'Asia/Yangon';

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(language: string, withDate: boolean) {
  const key = `${language}:${withDate}`;
  let value = formatters.get(key);
  if (!value) {
    value = new Intl.DateTimeFormat(language === 'my' ? 'my-MM' : 'en-GB', {
      timeZone: STORE_TIME_ZONE,
      ...(withDate ? { day: 'numeric', month: 'short', year: 'numeric' } : {}),
      hour: '2-digit',
      minute: '2-digit',
      hour12: false,
      numberingSystem: 'latn',
    });
    formatters.set(key, value);
  }
  return value;
}

/** "22 Nov 2026, 14:05" in Asia/Yangon. */
export function formatYangon(value: string | null | undefined, language: string): string {
  if (!value) return '—';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '—';
  return language === 'my' ? formatYangonDateTime(date, language) : formatter(language, true).format(date);
}

const ageUnits = {
  en: { s: 's', m: 'm', h: 'h', d: 'd' },
  my: { s: ' စက္ကန့်', m: ' မိနစ်', h: ' နာရီ', d: ' ရက်' },
};

/** 75 → "1m 15s" ("1 မိနစ် 15 စက္ကန့်" in Burmese); 7300 → "2h 1m". */
export function formatAge(seconds: number | null | undefined, language = 'en'): string {
  if (seconds === null || seconds === undefined) return '—';
  const u = language === 'my' ? ageUnits.my : ageUnits.en;
  const s = Math.max(0, Math.floor(seconds));
  if (s < 60) return `${s}${u.s}`;
  if (s < 3600) return `${Math.floor(s / 60)}${u.m} ${s % 60}${u.s}`;
  if (s < 86_400) return `${Math.floor(s / 3600)}${u.h} ${Math.floor((s % 3600) / 60)}${u.m}`;
  return `${Math.floor(s / 86_400)}${u.d} ${Math.floor((s % 86_400) / 3600)}${u.h}`;
}
