import { useTranslation } from 'react-i18next';

import { formatAmount } from '@/lib/format';

/** An amount in kyat ("12,300 Ks", "12,300 ကျပ်"); signed shows + for credits. */
export function Kyat({ value, signed = false, className = '' }: { value: number | string | null | undefined; signed?: boolean; className?: string }) {
  const { t } = useTranslation();
  const amount = Number(value ?? 0);
  const sign = signed && amount > 0 ? '+' : amount < 0 ? '−' : '';
  return (
    <span className={`whitespace-nowrap tabular-nums ${className}`}>
      {sign}
      {t('balance.amount', { amount: formatAmount(Math.abs(amount)) })}
    </span>
  );
}
