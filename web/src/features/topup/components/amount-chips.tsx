import { useTranslation } from 'react-i18next';

import { formatAmount } from '@/lib/format';

/** Amounts customers top up most, one tap each (all above docs/spec.md §5's minimum). */
const QUICK_AMOUNTS = [5_000, 10_000, 20_000, 50_000, 100_000] as const;

/** Quick-amount chips under the amount field; the chosen one is pressed. */
export function AmountChips({ value, onPick }: { value: string; onPick: (amount: number) => void }) {
  const { t } = useTranslation();
  return (
    <div role="group" aria-label={t('topup.quickAmounts')} className="flex flex-wrap gap-2">
      {QUICK_AMOUNTS.map((amount) => {
        const pressed = value === String(amount);
        return (
          <button
            key={amount}
            type="button"
            aria-pressed={pressed}
            onClick={() => onPick(amount)}
            className={`min-h-9 rounded-full border px-3 text-sm font-semibold tabular-nums transition ${
              pressed
                ? 'border-violet-600 bg-violet-600 text-white dark:border-violet-400 dark:bg-violet-500'
                : 'border-slate-200 bg-white text-slate-800 hover:border-violet-400 dark:border-white/15 dark:bg-white/5 dark:text-slate-100'
            }`}
          >
            {t('common.kyat', { amount: formatAmount(amount) })}
          </button>
        );
      })}
    </div>
  );
}
