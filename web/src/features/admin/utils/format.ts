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
  return Number.isNaN(date.getTime()) ? '—' : formatter(language, true).format(date);
}

/** 75 → "1m 15s"; 7300 → "2h 1m". */
export function formatAge(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined) return '—';
  const s = Math.max(0, Math.floor(seconds));
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m ${s % 60}s`;
  if (s < 86_400) return `${Math.floor(s / 3600)}h ${Math.floor((s % 3600) / 60)}m`;
  return `${Math.floor(s / 86_400)}d ${Math.floor((s % 86_400) / 3600)}h`;
}
