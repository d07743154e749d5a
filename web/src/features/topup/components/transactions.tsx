import { useTranslation } from 'react-i18next';

import { ReceiptIcon } from '@/components/ui/icons';
import { useTopups } from '@/features/topup/api/topups';
import type { Topup } from '@/types/api';
import { TopupStatusPill } from '@/features/topup/components/topup-status';
import { useErrorText } from '@/hooks/use-error-text';
import { formatAmount } from '@/lib/format';
import { formatDate, fromNow } from '@/lib/time';

function newest(list: Topup[]): Topup | undefined {
  return list.reduce<Topup | undefined>((best, item) => (!best || item.created_at > best.created_at ? item : best), undefined);
}

/** docs/spec.md §2: the latest transaction (newest by created_at) and the history; statuses change live. */
export function Transactions() {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const { data, error, isLoading } = useTopups();
  const list = data ?? [];
  const latest = newest(list);
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
            <p className="text-sm text-slate-500 dark:text-slate-400">
              {latest.payment_method} · {fromNow(latest.created_at, i18n.language)}
            </p>
            {latest.status === 'rejected' && latest.reject_reason && (
              <p className="rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-800 dark:bg-rose-950/40 dark:text-rose-200">{latest.reject_reason}</p>
            )}
          </div>
        ) : (
          <p className="text-sm text-slate-500 dark:text-slate-400">{isLoading ? t('app.loading') : t('topup.noTransactions')}</p>
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
          <p className="text-sm text-slate-500 dark:text-slate-400">{isLoading ? t('app.loading') : t('topup.noTransactions')}</p>
        ) : (
          <ul className="flex flex-col divide-y divide-slate-100 dark:divide-white/5">
            {list.map((item) => (
              <li key={item.id} className="flex items-center gap-3 py-3" data-testid={`topup-${item.id}`}>
                <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-violet-50 text-violet-600 dark:bg-violet-500/10 dark:text-violet-300">
                  <ReceiptIcon className="size-5" />
                </span>
                <div className="min-w-0 flex-1">
                  <p className="font-semibold tabular-nums">{kyat(item.total || item.amount)}</p>
                  <p className="truncate text-xs text-slate-500 dark:text-slate-400">
                    #{item.id} · {item.payment_method} · {formatDate(item.created_at, i18n.language)}
                  </p>
                </div>
                <TopupStatusPill status={item.status} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </aside>
  );
}
