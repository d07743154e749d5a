import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { CheckboxField } from '@/components/ui/fields';
import { useRevalidate } from '@/features/admin/api/keys';
import { approveRefund, denyRefund, type AdminRefund } from '@/features/admin/api/refunds';
import { ConfirmDialog } from '@/features/admin/components/common/confirm-dialog';
import { Kyat } from '@/features/admin/components/common/kyat';

/** Approve (credits the wallet once; optionally the unused code back to stock) or deny with a reason. */
export function RefundActions({ refund }: { refund: AdminRefund }) {
  const { t } = useTranslation();
  const revalidate = useRevalidate();
  const [dialog, setDialog] = useState<'approve' | 'deny' | null>(null);
  const [restock, setRestock] = useState(false);
  if (refund.status !== 'requested') return null;
  const changed = () => {
    setRestock(false);
    void revalidate('refunds', 'orders', 'overview', 'users', 'audit', 'catalogue');
  };
  return (
    <div className="flex flex-wrap gap-2">
      <Button onClick={() => setDialog('approve')}>{t('admin.refunds.approve')}</Button>
      <Button variant="danger" onClick={() => setDialog('deny')}>
        {t('admin.refunds.deny')}
      </Button>
      <ConfirmDialog
        open={dialog === 'approve'}
        onClose={() => setDialog(null)}
        title={t('admin.refunds.approveTitle', { id: refund.order_id })}
        confirmLabel={t('admin.refunds.approve')}
        reason="optional"
        reasonLabel={t('admin.refunds.noteOptional')}
        extra={
          refund.restockable ? (
            <CheckboxField label={t('admin.refunds.restock')} checked={restock} onChange={(event) => setRestock(event.target.checked)} />
          ) : null
        }
        onConfirm={(reason) => approveRefund(refund.id, reason, restock)}
        onDone={changed}
      >
        <p>{t('admin.refunds.approveBody', { user: refund.user.username })}</p>
        <Kyat value={refund.amount} className="text-lg font-bold" />
      </ConfirmDialog>
      <ConfirmDialog
        open={dialog === 'deny'}
        onClose={() => setDialog(null)}
        title={t('admin.refunds.denyTitle', { id: refund.order_id })}
        confirmLabel={t('admin.refunds.deny')}
        danger
        reason="required"
        reasonLabel={t('admin.refunds.denyReason')}
        onConfirm={(reason) => denyRefund(refund.id, reason)}
        onDone={changed}
      >
        <p>{t('admin.refunds.denyBody')}</p>
      </ConfirmDialog>
    </div>
  );
}
