import { useTranslation } from 'react-i18next';

import type { Product } from '@/features/products/api/products';
import { priceDisplay } from '@/features/products/utils/display';
import { formatAmount } from '@/lib/format';

/** The price (rounded down) with the struck "was" price. */
export function PriceTag({ product }: { product: Product }) {
  const { t } = useTranslation();
  const { price, fakePrice } = priceDisplay(product);
  return (
    <p className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5">
      <span className="text-base font-extrabold text-violet-700 tabular-nums sm:text-lg dark:text-gold-300">{t('common.kyat', { amount: formatAmount(price) })}</span>
      {fakePrice !== null && (
        <s className="text-xs text-slate-400 tabular-nums dark:text-slate-500">
          <span className="sr-only">{t('products.wasPrice')} </span>
          {t('common.kyat', { amount: formatAmount(fakePrice) })}
        </s>
      )}
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
      <span className="rounded-full bg-emerald-600 px-2 py-0.5 text-[11px] font-bold text-white shadow">{t('products.discount', { percent: discount })}</span>
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
