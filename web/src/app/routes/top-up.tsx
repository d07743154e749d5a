import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

import { PageHead } from '@/components/seo/page-head';
import { useConfig } from '@/features/config/api/config';
import { useStoreName } from '@/features/config/hooks/use-store-name';
import { deliveryMinutes } from '@/features/config/support';
import { TopupForm } from '@/features/topup/components/topup-form';
import { Transactions } from '@/features/topup/components/transactions';
import { parseAmount } from '@/features/topup/utils/rules';
import { localPath } from '@/lib/navigation';

/**
 * /top-up: the form beside the latest transaction and the history (docs/spec.md §2).
 * `?amount=` pre-fills the amount (a shortfall) and `?return=` is where the
 * customer goes back to once the request is sent (the order they were paying).
 */
export function TopUpRoute() {
  const { t } = useTranslation();
  const storeName = useStoreName();
  const { data: config } = useConfig();
  const [params] = useSearchParams();
  const amount = parseAmount(params.get('amount') ?? '');
  return (
    <>
      {/* Indexable like the rest of the store (a guest is sent on to /login): api/seo.go. */}
      <PageHead title={`${storeName} ${t('topup.title')}`} />
      <div className="flex flex-col gap-6">
        <header className="flex flex-col gap-1">
          <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">{t('topup.title')}</h1>
          <p className="text-sm text-slate-600 dark:text-slate-300">{t('topup.subtitle')}</p>
        </header>
        <div className="grid min-w-0 gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
          <TopupForm initialAmount={amount === null ? undefined : String(amount)} returnTo={localPath(params.get('return'))} deliveryMinutes={deliveryMinutes(config?.support)} />
          <Transactions />
        </div>
      </div>
    </>
  );
}
