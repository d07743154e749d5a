import dayjs from 'dayjs';
import 'dayjs/locale/my';
import relativeTime from 'dayjs/plugin/relativeTime';

// docs/spec.md §9 relative-time thresholds: seconds up to 44, minutes up to 44, hours
// up to 21, days up to 25, months up to 10 (dayjs' defaults, stated explicitly).
dayjs.extend(relativeTime, {
  thresholds: [
    { l: 's', r: 44, d: 'second' },
    { l: 'm', r: 89 },
    { l: 'mm', r: 44, d: 'minute' },
    { l: 'h', r: 89 },
    { l: 'hh', r: 21, d: 'hour' },
    { l: 'd', r: 35 },
    { l: 'dd', r: 25, d: 'day' },
    { l: 'M', r: 45 },
    { l: 'MM', r: 10, d: 'month' },
    { l: 'y', r: 17 },
    { l: 'yy', d: 'year' },
  ],
});

/** "5 minutes ago" / "၅ မိနစ် အကြာက", in the UI language. */
export function fromNow(date: string | number | Date, language: string, now?: string | number | Date): string {
  const locale = language === 'my' ? 'my' : 'en';
  const value = dayjs(date).locale(locale);
  return now === undefined ? value.fromNow() : value.from(dayjs(now));
}

/** A calendar date in the UI language, e.g. "17 Aug 2025". */
export function formatDate(date: string | number | Date, language: string): string {
  return dayjs(date)
    .locale(language === 'my' ? 'my' : 'en')
    .format('D MMM YYYY');
}

const yangonDateTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Yangon',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

// Chromium's ICU has no Burmese calendar names (Intl's 'my' falls back to
// English "Nov"), so Burmese dates are put together from the parts.
const burmeseMonths = ['ဇန်နဝါရီ', 'ဖေဖော်ဝါရီ', 'မတ်', 'ဧပြီ', 'မေ', 'ဇွန်', 'ဇူလိုင်', 'ဩဂုတ်', 'စက်တင်ဘာ', 'အောက်တိုဘာ', 'နိုဝင်ဘာ', 'ဒီဇင်ဘာ'];

const yangonParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Yangon',
  day: 'numeric',
  month: 'numeric',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/**
 * A moment as the store's calendar shows it (Asia/Yangon, whatever the
 * phone's zone): "24 Nov 2026, 16:05", in Burmese "24 နိုဝင်ဘာ 2026, 16:05"
 * with Latin digits (Myanmar digits are a setting, off by default).
 */
export function formatYangonDateTime(date: string | number | Date, language = 'en'): string {
  if (language !== 'my') return yangonDateTime.format(new Date(date));
  const parts = yangonParts.formatToParts(new Date(date));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${Number(part('day'))} ${burmeseMonths[Number(part('month')) - 1]} ${part('year')}, ${part('hour')}:${part('minute')}`;
}

/** The current month in Asia/Yangon as YYYY-MM. */
export function yangonMonth(now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Yangon', year: 'numeric', month: '2-digit' }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}`;
}
