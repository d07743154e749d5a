import { useTranslation } from 'react-i18next';

import { PageHead } from '@/components/seo/page-head';
import { useStoreName } from '@/features/config/hooks/use-store-name';
import { WalletStatement } from '@/features/wallet/components/wallet-statement';

/** /wallet: the customer's wallet statement. */
export function WalletRoute() {
  const { t } = useTranslation();
  const storeName = useStoreName();
  return (
    <>
      <PageHead title={`${storeName} ${t('wallet.title')}`} robots="noindex, follow" />
      <WalletStatement />
    </>
  );
}
