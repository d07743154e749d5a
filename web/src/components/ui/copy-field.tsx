import { useTranslation } from 'react-i18next';

import { useCopy } from '@/hooks/use-copy';

type CopyFieldProps = {
  value: string;
  /** What is copied, for the accessible name ("Copy phone number"). */
  label: string;
  className?: string;
  /** Larger, monospaced text (codes, passwords). */
  mono?: boolean;
};

/** A click-to-copy box showing `value`, with 'Copied!' feedback. */
export function CopyField({ value, label, className = '', mono = false }: CopyFieldProps) {
  const { t } = useTranslation();
  const { copied, copy } = useCopy();
  return (
    <button
      type="button"
      onClick={() => void copy(value)}
      aria-label={t('copy.action', { what: label })}
      className={`group inline-flex max-w-full min-w-0 items-center justify-between gap-2 rounded-xl border border-dashed border-violet-300 bg-violet-50/80 px-3 py-2 text-left text-sm transition hover:border-violet-500 hover:bg-violet-100 dark:border-violet-400/40 dark:bg-violet-500/10 dark:hover:bg-violet-500/20 ${className}`}
    >
      <span className={`min-w-0 break-all font-semibold text-slate-900 dark:text-slate-50 ${mono ? 'font-mono tracking-wide' : ''}`}>{value}</span>
      <span
        aria-live="polite"
        className={`shrink-0 rounded-lg px-2 py-0.5 text-xs font-bold ${
          copied ? 'bg-emerald-600 text-white' : 'bg-white text-violet-700 dark:bg-white/10 dark:text-violet-200'
        }`}
      >
        {copied ? t('copy.copied') : t('copy.copy')}
      </span>
    </button>
  );
}
