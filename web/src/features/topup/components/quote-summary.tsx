import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { CopyField } from '@/components/ui/copy-field';
import { Spinner } from '@/components/ui/spinner';
import type { TopupQuote } from '@/features/topup/api/topups';
import { useSecondsLeft } from '@/features/topup/hooks/use-seconds-left';
import { formatCountdown } from '@/hooks/use-countdown';
import { formatAmount } from '@/lib/format';
import type { PaymentMethod } from '@/types/api';

const clock = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

type QuoteSummaryProps = {
  quote?: TopupQuote;
  method?: PaymentMethod;
  loading: boolean;
  error?: string;
  /** Asks the server for a new quote once this one has expired. */
  onRenew: () => void;
};

/** The exact total to transfer (amount + verification amount), to whom, and until when. */
export function QuoteSummary({ quote, method, loading, error, onRenew }: QuoteSummaryProps) {
  const { t } = useTranslation();
  const left = useSecondsLeft(quote?.received_at, quote?.expires_in);
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
  const deadline = clock.format(new Date(quote.received_at + quote.expires_in * 1000));
  const expired = left === 0;
  return (
    <section
      aria-labelledby="transfer-total"
      className="flex flex-col gap-2 rounded-2xl border-2 border-gold-400 bg-gradient-to-br from-gold-100 to-white p-4 dark:border-gold-400/50 dark:from-gold-400/15 dark:to-transparent"
    >
      <h3 id="transfer-total" className="text-sm font-bold text-gold-700 dark:text-gold-200">
        {t('topup.transferExactly')}
      </h3>
      <p className={`text-3xl font-black tracking-tight tabular-nums ${expired ? 'text-slate-400 line-through dark:text-slate-500' : 'text-ink-900 dark:text-gold-100'}`} data-testid="transfer-total">
        {kyat(quote.total)}
      </p>
      {!expired && <CopyField value={String(quote.total)} label={t('topup.transferExactly')} className="self-start" />}
      {expired ? (
        <div role="alert" className="flex flex-col items-start gap-2 text-sm text-rose-800 dark:text-rose-200">
          <p>{t('topup.quoteExpired', { time: deadline })}</p>
          <Button type="button" variant="secondary" onClick={onRenew}>
            {t('topup.quoteRenew')}
          </Button>
        </div>
      ) : (
        <p className="text-sm font-semibold text-ink-900 dark:text-slate-100" data-testid="quote-deadline">
          {t(method ? 'topup.payBefore' : 'topup.payBeforeNoMethod', {
            total: kyat(quote.total),
            holder: method?.holderName,
            method: method?.name,
            time: deadline,
            left: formatCountdown(left ?? quote.expires_in),
          })}
        </p>
      )}
      <p className="text-xs text-slate-700 dark:text-slate-300">
        {t('topup.breakdown', { amount: kyat(quote.amount), verification: kyat(quote.verification_amount) })}
      </p>
      <p className="text-xs text-slate-600 dark:text-slate-400">{t('topup.verificationWhy')}</p>
    </section>
  );
}
