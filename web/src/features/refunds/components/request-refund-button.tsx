import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { canRequestRefund, refundOf, useMyRefunds, type Refund } from '@/features/refunds/api/refunds';
import { RefundDialog } from '@/features/refunds/components/refund-dialog';
import type { Order } from '@/types/api';
import { scriptLang } from '@/lib/script-lang';

const tones: Record<Refund['status'], string> = {
  requested: 'bg-amber-100 text-amber-900 dark:bg-amber-500/15 dark:text-amber-200',
  approved: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-500/15 dark:text-emerald-200',
  denied: 'bg-rose-100 text-rose-800 dark:bg-rose-500/15 dark:text-rose-200',
};

/** Where a refund request stands, with the admin's reason once decided. */
export function RefundStatus({ refund }: { refund: Refund }) {
  const { t } = useTranslation();
  return (
    <div className="flex min-w-0 flex-col gap-0.5">
      <span className={`inline-flex w-fit items-center rounded-full px-2.5 py-0.5 text-xs font-bold whitespace-nowrap ${tones[refund.status]}`}>
        {t(`refunds.status.${refund.status}`)}
      </span>
      {refund.decision_reason && <span lang={scriptLang(refund.decision_reason)} className="text-xs break-words text-muted">{refund.decision_reason}</span>}
    </div>
  );
}

/**
 * Self-contained: the refund state of one order and, where the policy
 * allows, the "Request refund" action with its dialog. Any page that shows
 * an order (the history, the order page) can embed it.
 */
export function RequestRefundButton({ order }: { order: Order }) {
  const { t } = useTranslation();
  const { data } = useMyRefunds();
  const [open, setOpen] = useState(false);
  const latest = refundOf(data, order.id);
  const allowed = data !== undefined && canRequestRefund(order, latest);
  if (!latest && !allowed) return null;
  return (
    <div className="flex flex-col items-start gap-2">
      {latest && <RefundStatus refund={latest} />}
      {allowed && (
        <Button variant="secondary" className="!min-h-9 !px-3 !text-xs" onClick={() => setOpen(true)}>
          {t('refunds.request')}
        </Button>
      )}
      <RefundDialog order={order} open={open} onClose={() => setOpen(false)} />
    </div>
  );
}
