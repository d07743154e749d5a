import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { useRevalidate } from '@/features/admin/api/keys';
import { claimOrder, completeOrder, failOrder } from '@/features/admin/api/orders';
import type { AdminOrder } from '@/features/admin/api/types';
import { CheckboxField } from '@/components/ui/fields';
import { ConfirmDialog } from '@/features/admin/components/common/confirm-dialog';
import { FormError } from '@/features/admin/components/common/query-state';
import { Kyat } from '@/features/admin/components/common/kyat';
import { useAction } from '@/hooks/use-action';
import { useSession } from '@/hooks/use-session';

/** Claim, mark delivered, or fail (refunds) a waiting coin order. */
export function OrderActions({ order, onChanged }: { order: AdminOrder; onChanged?: () => void }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const revalidate = useRevalidate();
  const claim = useAction();
  const [dialog, setDialog] = useState<'complete' | 'fail' | null>(null);
  const [override, setOverride] = useState(false);
  const waiting = order.status === 'pending' || order.status === 'processing';
  if (!waiting || order.product_kind !== 'coin') return null;

  const claimedByOther = order.status === 'processing' && order.claimed_by !== null && order.claimed_by !== user?.id;
  const changed = () => {
    setOverride(false);
    void revalidate('orders', 'overview', 'users', 'audit');
    onChanged?.();
  };
  const overrideBox = claimedByOther ? (
    <CheckboxField label={t('admin.orders.override', { name: order.claimed_by_name ?? '—' })} checked={override} onChange={(event) => setOverride(event.target.checked)} />
  ) : null;

  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap gap-2">
        {order.status === 'pending' && (
          <Button variant="secondary" loading={claim.pending} onClick={() => void claim.run(async () => { await claimOrder(order.id); changed(); })}>
            {t('admin.orders.claim')}
          </Button>
        )}
        <Button onClick={() => setDialog('complete')}>{t('admin.orders.complete')}</Button>
        <Button variant="danger" onClick={() => setDialog('fail')}>
          {t('admin.orders.fail')}
        </Button>
      </div>
      <FormError error={claim.error} />
      <ConfirmDialog
        open={dialog === 'complete'}
        onClose={() => setDialog(null)}
        title={t('admin.orders.completeTitle', { id: order.id })}
        confirmLabel={t('admin.orders.complete')}
        extra={overrideBox}
        onConfirm={() => completeOrder(order.id, override)}
        onDone={changed}
      >
        <p>{t('admin.orders.completeBody', { product: order.product_name, uid: order.game_uid, server: order.server_id || '—' })}</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={dialog === 'fail'}
        onClose={() => setDialog(null)}
        title={t('admin.orders.failTitle', { id: order.id })}
        confirmLabel={t('admin.orders.fail')}
        danger
        reason="required"
        extra={overrideBox}
        onConfirm={(reason) => failOrder(order.id, reason, override)}
        onDone={changed}
      >
        <p>{t('admin.orders.failBody')}</p>
        <Kyat value={order.total_price} className="text-lg font-bold" />
      </ConfirmDialog>
    </div>
  );
}
