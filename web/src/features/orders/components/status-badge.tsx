import { useTranslation } from 'react-i18next';

import { knownStatus, orderStatusLabel } from '@/features/orders/utils/status';

const tones = {
  pending: 'bg-amber-100 text-amber-800 dark:bg-amber-500/15 dark:text-amber-200',
  processing: 'bg-sky-100 text-sky-800 dark:bg-sky-500/15 dark:text-sky-200',
  completed: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-500/15 dark:text-emerald-200',
  failed: 'bg-rose-100 text-rose-800 dark:bg-rose-500/15 dark:text-rose-200',
  refunded: 'bg-slate-200 text-slate-700 dark:bg-white/10 dark:text-slate-200',
} as const;

/** An order's payment_status; unknown values read as pending. */
export function OrderStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  const known = knownStatus(status);
  return (
    <span className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-bold whitespace-nowrap ${tones[known]}`}>
      {known === 'pending' || known === 'processing' ? <span className="size-1.5 animate-pulse rounded-full bg-current" aria-hidden="true" /> : null}
      {orderStatusLabel(t, known)}
    </span>
  );
}
