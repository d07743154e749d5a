import { useTranslation } from 'react-i18next';

import { formatYangonDateTime } from '@/lib/time';
import type { OrderStep } from '@/types/api';

const STEPS = ['placed', 'paid', 'processing', 'delivered', 'failed', 'refunded'] as const;
type Known = (typeof STEPS)[number];

const dotTone: Record<Known, string> = {
  placed: 'bg-violet-500',
  paid: 'bg-violet-500',
  processing: 'bg-sky-500',
  delivered: 'bg-emerald-500',
  failed: 'bg-rose-500',
  refunded: 'bg-slate-500',
};

/** What happened to an order, oldest first, each step with its time (Asia/Yangon). */
export function OrderTimeline({ steps }: { steps: OrderStep[] }) {
  const { t, i18n } = useTranslation();
  const known = steps.filter((s): s is OrderStep & { step: Known } => (STEPS as readonly string[]).includes(s.step));
  return (
    <ol aria-label={t('orderDetail.timeline')} className="flex flex-col gap-3">
      {known.map((s) => (
        <li key={s.step} className="flex items-start gap-3 text-sm">
          <span aria-hidden="true" className={`mt-1.5 size-2.5 shrink-0 rounded-full ${dotTone[s.step]}`} />
          <span className="flex min-w-0 flex-1 flex-wrap justify-between gap-x-3">
            <span className="font-semibold">{t(`orderDetail.steps.${s.step}`)}</span>
            <time dateTime={s.at} className="text-muted tabular-nums dark:text-slate-400">
              {formatYangonDateTime(s.at, i18n.language)}
            </time>
          </span>
        </li>
      ))}
    </ol>
  );
}
