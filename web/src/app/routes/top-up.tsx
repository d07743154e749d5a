import { useTranslation } from 'react-i18next';

import { PageHead } from '@/components/seo/page-head';
import { useStoreName } from '@/features/config/hooks/use-store-name';
import { TopupForm } from '@/features/topup/components/topup-form';
import { Transactions } from '@/features/topup/components/transactions';

/** /top-up: the form beside the latest transaction and the history (docs/spec.md §2). */
export function TopUpRoute() {
  const { t } = useTranslation();
  const storeName = useStoreName();
  return (
    <>
      <PageHead title={`${storeName} ${t('topup.title')}`} robots="noindex, follow" />
      <div className="flex flex-col gap-6">
        <header className="flex flex-col gap-1">
          <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">{t('topup.title')}</h1>
          <p className="text-sm text-slate-600 dark:text-slate-300">{t('topup.subtitle')}</p>
        </header>
        <div className="grid min-w-0 gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
          <TopupForm />
          <Transactions />
        </div>
      </div>
    </>
  );
}
