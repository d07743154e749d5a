import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const tones = {
  neutral: 'bg-slate-100 text-slate-700 dark:bg-white/10 dark:text-slate-200',
  info: 'bg-sky-100 text-sky-800 dark:bg-sky-500/15 dark:text-sky-200',
  good: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-500/15 dark:text-emerald-200',
  warn: 'bg-amber-100 text-amber-900 dark:bg-amber-500/15 dark:text-amber-200',
  bad: 'bg-rose-100 text-rose-800 dark:bg-rose-500/15 dark:text-rose-200',
} as const;

export type Tone = keyof typeof tones;

export function Badge({ tone = 'neutral', children }: { tone?: Tone; children: ReactNode }) {
  return <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${tones[tone]}`}>{children}</span>;
}

const statusTones: Record<string, Tone> = {
  pending: 'warn',
  processing: 'info',
  confirmed: 'good',
  completed: 'good',
  rejected: 'bad',
  failed: 'bad',
  refunded: 'neutral',
};

type Status = 'pending' | 'processing' | 'confirmed' | 'completed' | 'rejected' | 'failed' | 'refunded';

/** A top-up or order status in the UI language. */
export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  const known = status in statusTones;
  return <Badge tone={statusTones[status] ?? 'neutral'}>{known ? t(`admin.status.${status as Status}`) : status}</Badge>;
}
