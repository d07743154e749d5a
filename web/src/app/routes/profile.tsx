import { useTranslation } from 'react-i18next';

import { PageHead } from '@/components/seo/page-head';
import { useConfig } from '@/features/config/api/config';
import { useStoreName } from '@/features/config/hooks/use-store-name';
import { AccountSettings } from '@/features/account/components/account-settings';
import { OrderHistory } from '@/features/orders/components/order-history';
import { ProfileInfo } from '@/features/profile/components/profile-info';
import { RequestRefundButton } from '@/features/refunds/components/request-refund-button';
import { useSession } from '@/hooks/use-session';

/** /{username}: profile information, the order history (docs/spec.md §2) and the account's settings. */
export function ProfileRoute() {
  const { t } = useTranslation();
  const storeName = useStoreName();
  const { user } = useSession();
  const { data: config } = useConfig();
  return (
    <>
      <PageHead title={`${storeName} ${t('profile.title')}`} robots="noindex, follow" />
      <div className="flex flex-col gap-6">
        <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">{t('profile.title')}</h1>
        <div className="grid min-w-0 gap-6 lg:grid-cols-[20rem_1fr] lg:items-start">
          {user && <ProfileInfo user={user} />}
          <div className="min-w-0">
            <OrderHistory orderAction={(order) => <RequestRefundButton order={order} />} />
          </div>
        </div>
        {user && <AccountSettings user={user} pushPublicKey={config?.push_public_key} />}
      </div>
    </>
  );
}
