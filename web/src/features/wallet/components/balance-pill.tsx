import { useId } from 'react';
import { useTranslation } from 'react-i18next';

import { WalletIcon } from '@/components/ui/icons';
import { formatAmount } from '@/lib/format';

type BalancePillProps = {
  /** wallet_amount of the signed-in user; 0 is shown when it is not loaded. */
  amount?: number | string | null;
};

/** Wallet balance in the top bar: "1,234,567 Ks" ("… ကျပ်" in Burmese). */
export function BalancePill({ amount }: BalancePillProps) {
  const { t } = useTranslation();
  const labelId = useId();
  return (
    <div
      role="status"
      aria-labelledby={labelId}
      className="inline-flex h-10 min-w-0 items-center gap-2 rounded-full border border-gold-300/60 bg-gradient-to-r from-gold-100/90 to-white/80 pr-3.5 pl-1.5 shadow-sm dark:border-gold-400/25 dark:from-gold-400/15 dark:to-white/5"
    >
      <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-gold-300 to-gold-500 text-ink-900 shadow-inner">
        <WalletIcon className="size-4" />
      </span>
      <span className="flex min-w-0 flex-col leading-none">
        <span id={labelId} className="hidden text-[10px] font-medium tracking-wide text-gold-700 uppercase sm:block dark:text-gold-300">
          {t('balance.label')}
        </span>
        <span className="truncate text-sm font-bold tabular-nums text-slate-900 dark:text-gold-100">
          {t('balance.amount', { amount: formatAmount(amount) })}
        </span>
      </span>
    </div>
  );
}
