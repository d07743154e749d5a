import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog } from '@/components/ui/dialog';
import { ImageIcon, ReceiptIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { TopupStatusPill } from '@/features/topup/components/topup-status';
import { useErrorText } from '@/hooks/use-error-text';
import { useReceiptUrl } from '@/hooks/use-receipt-url';
import { formatAmount } from '@/lib/format';
import { formatDate } from '@/lib/time';
import type { Topup } from '@/types/api';
import { scriptLang } from '@/lib/script-lang';

/** The customer's own receipt, fetched with their token (receipts are never public). */
function ReceiptView({ receiptId, topupId }: { receiptId: number; topupId: number }) {
  const { t } = useTranslation();
  const state = useReceiptUrl(`/uploads/${receiptId}`);
  if (state.status === 'loading')
    return (
      <p role="status" className="flex h-48 items-center justify-center gap-2 text-sm text-muted">
        <Spinner /> {t('topup.receiptLoading')}
      </p>
    );
  if (state.status === 'error' || !state.url) return <p role="alert" className="text-sm text-rose-600 dark:text-rose-300">{t('topup.receiptError')}</p>;
  return <img src={state.url} alt={t('topup.receiptAlt', { id: topupId })} className="mx-auto max-h-[65dvh] w-full rounded-xl object-contain" />;
}

type TopupRowProps = {
  item: Topup;
  onCancel: (item: Topup) => Promise<unknown>;
};

/** One top-up of the history: amount, status, why it was rejected, the receipt, and Cancel while it waits. */
export function TopupRow({ item, onCancel }: TopupRowProps) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const [dialog, setDialog] = useState<'receipt' | 'cancel' | null>(null);
  const kyat = (amount: number) => t('common.kyat', { amount: formatAmount(amount) });
  return (
    <li className="flex flex-col gap-2 py-3" data-testid={`topup-${item.id}`}>
      <div className="flex items-center gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-violet-50 text-violet-600 dark:bg-violet-500/10 dark:text-violet-300">
          <ReceiptIcon className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <p className="font-semibold tabular-nums">{kyat(item.total || item.amount)}</p>
          {/* Wraps rather than truncates: at 360–375 px a Burmese date is longer than the line (issue 25). */}
          <p className="text-xs text-muted">
            #{item.id} · {item.payment_method} · {formatDate(item.created_at, i18n.language)}
          </p>
        </div>
        <TopupStatusPill status={item.status} />
      </div>
      {item.status === 'rejected' && item.reject_reason && (
        <p className="rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-800 dark:bg-rose-950/40 dark:text-rose-200">
          <span className="font-semibold">{t('topup.rejectReason')}</span> <span lang={scriptLang(item.reject_reason)}>{item.reject_reason}</span>
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {item.receipt_id > 0 && (
          <Button variant="secondary" className="!min-h-9 !px-3 !text-xs" icon={<ImageIcon className="size-4" />} onClick={() => setDialog('receipt')}>
            {t('topup.viewReceipt')}
          </Button>
        )}
        {item.status === 'pending' && (
          <Button variant="secondary" className="!min-h-9 !px-3 !text-xs" onClick={() => setDialog('cancel')}>
            {t('topup.cancel')}
          </Button>
        )}
      </div>
      <Dialog open={dialog === 'receipt'} onClose={() => setDialog(null)} title={t('topup.receiptTitle', { id: item.id })}>
        {dialog === 'receipt' && <ReceiptView receiptId={item.receipt_id} topupId={item.id} />}
      </Dialog>
      <ConfirmDialog
        open={dialog === 'cancel'}
        onClose={() => setDialog(null)}
        title={t('topup.cancelTitle', { id: item.id })}
        confirmLabel={t('topup.cancelConfirm')}
        cancelLabel={t('topup.cancelKeep')}
        danger
        onConfirm={() => onCancel(item)}
        errorText={errorText}
      >
        {t('topup.cancelBody', { amount: kyat(item.total || item.amount) })}
      </ConfirmDialog>
    </li>
  );
}
