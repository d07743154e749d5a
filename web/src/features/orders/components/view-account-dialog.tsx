import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import type { Order } from '@/types/api';
import { CredentialsView } from '@/features/orders/components/credentials-view';

/** docs/spec.md §2: an account order's e-mail, e-mail password and game password. */
export function ViewAccountDialog({ order, onClose }: { order: Order | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={order !== null && order.meta !== null}
      onClose={onClose}
      title={t('orders.viewAccountTitle')}
      actions={
        <Button variant="secondary" className="w-full sm:w-auto" onClick={onClose}>
          {t('dialog.close')}
        </Button>
      }
    >
      {order?.meta && (
        <div className="mt-3 flex flex-col gap-3">
          <p className="text-left text-sm font-semibold text-slate-700 dark:text-slate-200">
            #{order.id} · {order.product.name}
          </p>
          <CredentialsView credentials={order.meta} />
        </div>
      )}
    </Dialog>
  );
}
