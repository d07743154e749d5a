import { useTranslation } from 'react-i18next';

import { CopyField } from '@/components/ui/copy-field';
import { PaymentQr } from '@/features/topup/components/payment-qr';
import type { PaymentMethod } from '@/types/api';

/** docs/spec.md §2 payment account card: holder name, phone number (click-to-copy, and as a QR code) and icon. */
export function PaymentMethodCard({ method }: { method: PaymentMethod }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-2xl border border-violet-200 bg-gradient-to-br from-violet-50 to-sky-50 p-3 dark:border-violet-400/20 dark:from-violet-500/10 dark:to-blue-500/5">
      {method.icon ? (
        <img src={method.icon} alt="" className="size-12 shrink-0 rounded-xl bg-white object-contain p-1 shadow-sm" />
      ) : (
        <span className="size-12 shrink-0 rounded-xl bg-white shadow-sm" />
      )}
      <div className="flex min-w-0 grow basis-48 flex-col gap-1">
        <p className="text-sm">
          <span className="text-muted">{t('topup.holder')}: </span>
          <span className="font-bold">{method.holderName}</span>
        </p>
        <CopyField value={method.phone} label={t('topup.accountPhone')} className="w-full" />
        {method.maintenance_message && <p className="text-xs font-semibold text-amber-700 dark:text-amber-300">{method.maintenance_message}</p>}
      </div>
      <PaymentQr phone={method.phone} methodName={method.name} />
    </div>
  );
}
