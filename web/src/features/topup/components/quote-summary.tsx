import { useTranslation } from 'react-i18next';

import { Spinner } from '@/components/ui/spinner';
import { CopyField } from '@/components/ui/copy-field';
import type { TopupQuote } from '@/features/topup/api/topups';
import { formatAmount } from '@/lib/format';

/** The exact total to transfer (amount + verification amount), from the server's quote. */
export function QuoteSummary({ quote, loading, error }: { quote?: TopupQuote; loading: boolean; error?: string }) {
  const { t } = useTranslation();
  const kyat = (amount: number) => t('common.kyat', { amount: formatAmount(amount) });
  if (error) {
    return (
      <p role="alert" className="rounded-2xl bg-rose-50 p-3 text-sm text-rose-800 dark:bg-rose-950/40 dark:text-rose-200">
        {error}
      </p>
    );
  }
  if (!quote) {
    return loading ? (
      <p role="status" className="flex items-center gap-2 rounded-2xl bg-slate-50 p-3 text-sm text-slate-600 dark:bg-white/5 dark:text-slate-300">
        <Spinner /> {t('topup.quoteLoading')}
      </p>
    ) : null;
  }
  return (
    <section
      aria-labelledby="transfer-total"
      className="flex flex-col gap-2 rounded-2xl border-2 border-gold-400 bg-gradient-to-br from-gold-100 to-white p-4 dark:border-gold-400/50 dark:from-gold-400/15 dark:to-transparent"
    >
      <h3 id="transfer-total" className="text-sm font-bold text-gold-700 dark:text-gold-200">
        {t('topup.transferExactly')}
      </h3>
      <p className="text-3xl font-black tracking-tight text-ink-900 tabular-nums dark:text-gold-100" data-testid="transfer-total">
        {kyat(quote.total)}
      </p>
      <CopyField value={String(quote.total)} label={t('topup.transferExactly')} className="self-start" />
      <p className="text-xs text-slate-700 dark:text-slate-300">
        {t('topup.breakdown', { amount: kyat(quote.amount), verification: kyat(quote.verification_amount) })}
      </p>
      <p className="text-xs text-slate-600 dark:text-slate-400">{t('topup.verificationWhy')}</p>
    </section>
  );
}
