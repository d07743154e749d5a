import { useTranslation } from 'react-i18next';

import { SERVICE_CHARGE } from '@/config/pricing';
import type { Product } from '@/features/products/api/products';
import { priceDisplay } from '@/features/products/utils/display';
import { formatAmount } from '@/lib/format';

/**
 * The all-in price (rounded down, with the service charge) over a note saying
 * so, and the struck "was" price above it. The "was" line is there even when
 * empty, so prices line up across a row of cards.
 */
export function PriceTag({ product }: { product: Product }) {
  const { t } = useTranslation();
  const { total, fakeTotal } = priceDisplay(product);
  return (
    <p className="flex flex-col">
      <span className="min-h-4 text-xs leading-4 tabular-nums">
        {fakeTotal !== null && (
          <s className="text-slate-600 dark:text-slate-400">
            <span className="sr-only">{t('products.wasPrice')} </span>
            {t('common.kyat', { amount: formatAmount(fakeTotal) })}
          </s>
        )}
      </span>
      <span className="text-base font-extrabold text-violet-700 tabular-nums sm:text-lg dark:text-gold-300">{t('common.kyat', { amount: formatAmount(total) })}</span>
      <span className="text-[11px] text-slate-600 dark:text-slate-400">{t('products.inclCharge', { amount: formatAmount(SERVICE_CHARGE) })}</span>
    </p>
  );
}

/** Discount badge above 0 %, HOT above 20 % (docs/spec.md §5). */
export function PriceBadges({ product }: { product: Product }) {
  const { t } = useTranslation();
  const { discount, hot } = priceDisplay(product);
  if (discount === null) return null;
  return (
    <span className="absolute top-2 left-2 z-10 flex flex-col items-start gap-1">
      <span className="rounded-full bg-emerald-700 px-2 py-0.5 text-[11px] font-bold text-white shadow">{t('products.discount', { percent: discount })}</span>
      {hot && <span className="rounded-full bg-gradient-to-r from-rose-500 to-orange-500 px-2 py-0.5 text-[11px] font-extrabold text-white shadow">{t('products.hot')}</span>}
    </span>
  );
}

/** A dimming layer with 'Sold Out' over a sold item. */
export function SoldOutOverlay() {
  const { t } = useTranslation();
  return (
    <div className="absolute inset-0 z-20 flex items-center justify-center rounded-2xl bg-ink-950/55 backdrop-blur-[1px]">
      <span className="-rotate-6 rounded-xl border-2 border-white/80 px-4 py-1.5 text-lg font-black tracking-widest text-white uppercase shadow-lg">{t('products.soldOut')}</span>
    </div>
  );
}
