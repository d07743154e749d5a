import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { PageHead } from '@/components/seo/page-head';
import { useConfig } from '@/features/config/api/config';
import { AdminOnlineBadge } from '@/features/config/components/admin-online-badge';
import { deliveryMinutes, supportLink } from '@/features/config/support';
import { useStoreName } from '@/features/config/hooks/use-store-name';
import { OrderPage } from '@/features/orders/components/order-page';
import { getPendingOrder } from '@/lib/pending-order';

/** /order: confirms the pending selection (the guard made sure there is one). */
export function OrderRoute() {
  const { t } = useTranslation();
  const storeName = useStoreName();
  const { data: config } = useConfig();
  // Read once: a confirmed order removes the selection, and the page must stay.
  const [pending] = useState(getPendingOrder);
  return (
    <>
      <PageHead title={`${storeName} ${t('order.title')}`} robots="noindex, follow" />
      {pending && (
        <OrderPage
          pending={pending}
          contactHref={supportLink(config?.support)}
          supportStatus={<AdminOnlineBadge />}
          support={config?.support}
          deliveryMinutes={deliveryMinutes(config?.support)}
        />
      )}
    </>
  );
}
