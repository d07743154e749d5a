import { useTranslation } from 'react-i18next';

import { topupStatus } from '@/features/topup/utils/rules';

const tones = {
  pending: 'bg-amber-100 text-amber-800 dark:bg-amber-500/15 dark:text-amber-200',
  confirmed: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-500/15 dark:text-emerald-200',
  rejected: 'bg-rose-100 text-rose-800 dark:bg-rose-500/15 dark:text-rose-200',
  cancelled: 'bg-slate-200 text-slate-700 dark:bg-white/10 dark:text-slate-200',
} as const;


/** docs/spec.md §4: pending (pulsing), confirmed, rejected, or cancelled by its owner; anything else shows as pending. */
export function TopupStatusPill({ status }: { status: string }) {
  const { t } = useTranslation();
  const known = topupStatus(status);
  return (
    <span
      data-status={known}
      className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-bold whitespace-nowrap ${tones[known]} ${known === 'pending' ? 'animate-pulse' : ''}`}
    >
      <span className="size-1.5 rounded-full bg-current" aria-hidden="true" />
      {t(`topup.status.${known}`)}
    </span>
  );
}
