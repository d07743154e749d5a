import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/page-spinner';
import {
  downloadStatement,
  STATEMENT_KINDS,
  useStatement,
  type StatementEntry,
  type StatementFilter,
  type StatementKind,
} from '@/features/wallet/api/statement';
import { useErrorText } from '@/hooks/use-error-text';
import { formatAmount } from '@/lib/format';
import { formatYangonDateTime, yangonMonth } from '@/lib/time';
import { scriptLang } from '@/lib/script-lang';

const selectClass =
  'min-h-11 rounded-xl border border-slate-300 bg-white px-3 text-sm text-slate-900 dark:border-white/15 dark:bg-ink-900 dark:text-slate-100';

/** /wallet: every movement of the customer's wallet, newest first, with the month as CSV. */
export function WalletStatement() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const kindId = useId();
  const monthId = useId();
  const [filter, setFilter] = useState<StatementFilter>({ kind: '', month: '' });
  const [csvMonth, setCsvMonth] = useState(yangonMonth);
  const [csvError, setCsvError] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);
  const { data, error, isLoading, size, setSize, isValidating } = useStatement(filter);

  const entries = data?.flatMap((page) => page.data) ?? [];
  const hasMore = Boolean(data?.[data.length - 1]?.next_cursor);
  const balance = data?.[0]?.balance;

  const download = async () => {
    setCsvError(null);
    setDownloading(true);
    try {
      await downloadStatement(csvMonth);
    } catch (err) {
      setCsvError(errorText(err));
    } finally {
      setDownloading(false);
    }
  };

  let list;
  if (isLoading && !data) list = <PageSpinner />;
  else if (error && !data)
    list = (
      <p role="alert" className="rounded-xl bg-rose-50 p-4 text-sm text-rose-800 dark:bg-rose-950/40 dark:text-rose-200">
        {errorText(error)}
      </p>
    );
  else if (entries.length === 0)
    list = (
      <p className="rounded-xl border border-dashed border-slate-300 p-6 text-center text-sm text-muted dark:border-white/10 dark:text-slate-400">
        {t('wallet.empty')}
      </p>
    );
  else
    list = (
      <ol aria-label={t('wallet.entries')} className="divide-y divide-slate-100 overflow-hidden rounded-2xl border border-slate-200/80 dark:divide-white/5 dark:border-white/10">
        {entries.map((entry) => (
          <StatementRow key={entry.id} entry={entry} />
        ))}
      </ol>
    );

  return (
    <section aria-labelledby="wallet-title" className="mx-auto w-full max-w-3xl space-y-5 px-3 py-6 sm:px-6">
      <header className="space-y-2">
        <h1 id="wallet-title" className="text-2xl font-bold text-slate-900 dark:text-white">
          {t('wallet.title')}
        </h1>
        {balance !== undefined && (
          <p className="text-lg font-semibold tabular-nums text-slate-900 dark:text-gold-100">{t('wallet.balance', { amount: formatAmount(balance) })}</p>
        )}
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('wallet.invariant')}</p>
      </header>

      <div className="flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor={kindId} className="text-xs font-medium text-slate-600 dark:text-slate-300">
            {t('wallet.filterKind')}
          </label>
          <select
            id={kindId}
            className={selectClass}
            value={filter.kind}
            onChange={(e) => setFilter((f) => ({ ...f, kind: e.target.value as StatementKind | '' }))}
          >
            <option value="">{t('wallet.kinds.all')}</option>
            {STATEMENT_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(`wallet.kinds.${kind}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={monthId} className="text-xs font-medium text-slate-600 dark:text-slate-300">
            {t('wallet.filterMonth')}
          </label>
          <input
            id={monthId}
            type="month"
            className={selectClass}
            value={filter.month}
            onChange={(e) => setFilter((f) => ({ ...f, month: e.target.value }))}
          />
        </div>
      </div>

      {list}

      {hasMore && (
        <div className="flex justify-center">
          <Button variant="secondary" loading={isValidating && size > (data?.length ?? 0)} onClick={() => void setSize(size + 1)}>
            {t('wallet.older')}
          </Button>
        </div>
      )}

      <section aria-labelledby="wallet-csv" className="space-y-2 rounded-2xl border border-slate-200/80 p-4 dark:border-white/10">
        <h2 id="wallet-csv" className="text-base font-semibold text-slate-900 dark:text-white">
          {t('wallet.csvTitle')}
        </h2>
        <div className="flex flex-wrap items-end gap-3">
          <label className="flex flex-col gap-1 text-xs font-medium text-slate-600 dark:text-slate-300">
            {t('wallet.csvMonth')}
            <input type="month" required className={selectClass} value={csvMonth} onChange={(e) => setCsvMonth(e.target.value)} />
          </label>
          <Button loading={downloading} disabled={!csvMonth} onClick={() => void download()}>
            {t('wallet.csvDownload')}
          </Button>
        </div>
        {csvError && (
          <p role="alert" className="text-sm text-rose-700 dark:text-rose-300">
            {csvError}
          </p>
        )}
      </section>
    </section>
  );
}

function StatementRow({ entry }: { entry: StatementEntry }) {
  const { t, i18n } = useTranslation();
  const credit = entry.amount > 0;
  return (
    <li className="flex items-start justify-between gap-3 bg-white/70 px-4 py-3 dark:bg-transparent">
      <div className="min-w-0 space-y-0.5">
        <p className="font-semibold text-slate-900 dark:text-white">{t(`wallet.kinds.${entry.kind}`)}</p>
        <p className="text-xs text-muted">
          <time dateTime={entry.created_at}>{formatYangonDateTime(entry.created_at, i18n.language)}</time>
          {entry.order_id != null && <span> · {t('wallet.orderRef', { id: entry.order_id })}</span>}
          {entry.topup_id != null && <span> · {t('wallet.topupRef', { id: entry.topup_id })}</span>}
        </p>
        {entry.reason && <p lang={scriptLang(entry.reason)} className="text-sm break-words text-slate-700 dark:text-slate-300">{entry.reason}</p>}
      </div>
      <div className="shrink-0 text-right tabular-nums">
        <p className={`font-bold ${credit ? 'text-emerald-700 dark:text-emerald-300' : 'text-rose-700 dark:text-rose-300'}`}>
          {credit ? '+' : '−'}
          {t('common.kyat', { amount: formatAmount(Math.abs(entry.amount)) })}
        </p>
        <p className="text-xs text-muted">{t('wallet.balanceAfter', { amount: formatAmount(entry.balance_after) })}</p>
      </div>
    </li>
  );
}
