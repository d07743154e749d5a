import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';

import { Pagination } from '@/components/pagination/pagination';
import { cancelTopup, topupKeys, useTopups } from '@/features/topup/api/topups';
import type { Topup } from '@/types/api';
import { TopupRow } from '@/features/topup/components/topup-row';
import { TopupStatusPill } from '@/features/topup/components/topup-status';
import { useErrorText } from '@/hooks/use-error-text';
import { formatAmount } from '@/lib/format';
import { fromNow } from '@/lib/time';
import { scriptLang } from '@/lib/script-lang';

function newest(list: Topup[]): Topup | undefined {
  return list.reduce<Topup | undefined>((best, item) => (!best || item.created_at > best.created_at ? item : best), undefined);
}

/** docs/spec.md §2: the latest transaction (newest by created_at) and the whole history, paged; statuses change live. */
export function Transactions() {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const { mutate } = useSWRConfig();
  const [page, setPage] = useState(1);
  const { data, error, isLoading } = useTopups(page);
  const { data: first } = useTopups(1);
  const list = data?.data ?? [];
  const latest = newest(first?.data ?? []);
  // Whatever the answer (cancelled, or decided by an admin first), the list shows what is true now.
  const cancel = (item: Topup) => cancelTopup(item.id).finally(() => void mutate(topupKeys.isList));
  const kyat = (amount: number) => t('common.kyat', { amount: formatAmount(amount) });

  return (
    <aside className="flex min-w-0 flex-col gap-4">
      <section aria-labelledby="latest-tx" className="rounded-3xl border border-slate-200/80 bg-white/85 p-5 shadow-sm dark:border-white/10 dark:bg-white/[0.04]">
        <h2 id="latest-tx" className="mb-3 text-lg font-bold">
          {t('topup.latest')}
        </h2>
        {latest ? (
          <div className="flex flex-col gap-2" data-testid="latest-transaction">
            <div className="flex items-center justify-between gap-2">
              <span className="text-2xl font-extrabold tabular-nums">{kyat(latest.total || latest.amount)}</span>
              <TopupStatusPill status={latest.status} />
            </div>
            <p className="text-sm text-muted">
              {latest.payment_method} · {fromNow(latest.created_at, i18n.language)}
            </p>
            {latest.status === 'rejected' && latest.reject_reason && (
              <p lang={scriptLang(latest.reject_reason)} className="rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-800 dark:bg-rose-950/40 dark:text-rose-200">
                {latest.reject_reason}
              </p>
            )}
          </div>
        ) : (
          <p className="text-sm text-muted">{isLoading ? t('app.loading') : t('topup.noTransactions')}</p>
        )}
      </section>
      <section aria-labelledby="tx-history" className="rounded-3xl border border-slate-200/80 bg-white/85 p-5 shadow-sm dark:border-white/10 dark:bg-white/[0.04]">
        <h2 id="tx-history" className="mb-3 text-lg font-bold">
          {t('topup.history')}
        </h2>
        {error && !data ? (
          <p role="alert" className="text-sm text-rose-700 dark:text-rose-300">
            {errorText(error)}
          </p>
        ) : list.length === 0 ? (
          <p className="text-sm text-muted">{isLoading ? t('app.loading') : t('topup.noTransactions')}</p>
        ) : (
          <>
            <ul className="flex flex-col divide-y divide-slate-100 dark:divide-white/5">
              {list.map((item) => (
                <TopupRow key={item.id} item={item} onCancel={cancel} />
              ))}
            </ul>
            {data && data.last_page > 1 && <Pagination currentPage={data.current_page} lastPage={data.last_page} onChange={setPage} label={t('topup.pages')} />}
          </>
        )}
      </section>
    </aside>
  );
}
