import { useTranslation } from 'react-i18next';

import { ButtonLink } from '@/components/ui/button-link';
import { WalletIcon } from '@/components/ui/icons';
import { topUpAmount, topUpFor } from '@/features/orders/utils/top-up-link';
import { useSession } from '@/hooks/use-session';
import { formatAmount } from '@/lib/format';

/**
 * Before Confirm: when the wallet (kept live by the realtime balance updates)
 * holds less than the order's total, the exact shortfall and a top-up of it
 * that comes back here. The server still decides at Confirm.
 */
export function ShortfallNotice({ total }: { total: number }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const balance = user?.wallet_amount;
  if (typeof balance !== 'number' || balance >= total) return null;
  const shortfall = total - balance;
  return (
    <div role="status" data-testid="shortfall" className="flex flex-col gap-2 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-400/30 dark:bg-amber-950/40 dark:text-amber-100">
      <p>{t('order.shortfall', { balance: formatAmount(balance), shortfall: formatAmount(shortfall) })}</p>
      <ButtonLink to={topUpFor(shortfall)} icon={<WalletIcon className="size-4" />} className="self-start">
        {t('order.topUpShortfall', { amount: formatAmount(topUpAmount(shortfall)) })}
      </ButtonLink>
    </div>
  );
}
