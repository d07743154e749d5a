import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { CartIcon, ImageIcon, KeyIcon } from '@/components/ui/icons';
import type { Product } from '@/features/products/api/products';
import { PriceBadges, PriceTag, SoldOutOverlay } from '@/features/products/components/price-tag';
import { endFirstScreen } from '@/lib/first-screen';
import { localName } from '@/lib/localize';

type CardProps = {
  product: Product;
  /** Its place in the list: the first cards are on the first screen (index.html's copy of them). */
  position: number;
  onBuy: (product: Product) => void;
  onPreview?: (product: Product) => void;
};

/** The cards a phone shows before scrolling: three rows of two. */
export const FIRST_SCREEN_CARDS = 6;

/**
 * The first cards' images load at once, the first one first: it is the
 * page's largest paint. It also ends the first screen's copy of the cards
 * (lib/first-screen.ts), which stays until the app's image is there.
 */
function imageLoading(position: number) {
  if (position >= FIRST_SCREEN_CARDS) return { loading: 'lazy' } as const;
  if (position > 0) return { loading: 'eager' } as const;
  return { loading: 'eager', fetchPriority: 'high', onLoad: endFirstScreen, onError: endFirstScreen } as const;
}

/** The longest the copy stays once the app's cards are drawn, whatever the first image does (a host that hangs). */
const COPY_BACKSTOP_MS = 3000;

/**
 * The first card also ends the copy without its image: at once when it has
 * none (an admin may save a product without one; React leaves out src="",
 * and an <img> without src fires neither load nor error), and after
 * COPY_BACKSTOP_MS in any case, so the copy's prices never stay over live cards.
 */
function useEndsFirstScreen(position: number, image: string) {
  useEffect(() => {
    if (position !== 0) return;
    if (!image) {
      endFirstScreen();
      return;
    }
    const backstop = setTimeout(endFirstScreen, COPY_BACKSTOP_MS);
    return () => clearTimeout(backstop);
  }, [position, image]);
}

const card =
  'relative flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200/80 bg-white/85 shadow-sm transition hover:border-violet-300 hover:shadow-lg hover:shadow-violet-500/10 dark:border-white/10 dark:bg-white/[0.04] dark:hover:border-violet-400/40';

/** Coin (Purchase) and code (Buy Code) cards. */
export function PackageCard({ product, position, onBuy }: CardProps) {
  const { t, i18n } = useTranslation();
  const isCode = product.service.kind === 'code';
  const name = localName(product, i18n.language);
  useEndsFirstScreen(position, product.img_url);
  return (
    <article className={card} aria-label={name}>
      <PriceBadges product={product} />
      {product.is_popular && (
        <span className="absolute top-2 right-2 z-10 rounded-full bg-gold-400 px-2 py-0.5 text-[11px] font-bold text-ink-900 shadow">{t('products.popular')}</span>
      )}
      {/* min-h-0: without it the 4:3 box grew to the image's own height once it loaded, moving the rows below (CLS). */}
      <div className="flex aspect-[4/3] min-h-0 items-center justify-center bg-gradient-to-br from-violet-50 to-sky-50 p-3 dark:from-violet-500/10 dark:to-blue-500/5">
        <img src={product.img_url} alt="" {...imageLoading(position)} decoding="async" className="max-h-full max-w-full object-contain drop-shadow" />
      </div>
      <div className="flex flex-1 flex-col gap-2 p-3">
        <h2 className="line-clamp-2 text-sm leading-snug font-semibold">{name}</h2>
        <div className="mt-auto flex flex-col gap-2">
          <PriceTag product={product} />
          <Button
            className="w-full !px-3"
            disabled={product.is_sold}
            icon={isCode ? <KeyIcon className="size-4" /> : <CartIcon className="size-4" />}
            onClick={() => onBuy(product)}
          >
            {isCode ? t('products.buyCode') : t('products.purchase')}
          </Button>
        </div>
      </div>
      {product.is_sold && <SoldOutOverlay />}
    </article>
  );
}

/** Account card: rank, skins and heroes, a preview-image button and Buy Now. */
export function AccountCard({ product, position, onBuy, onPreview }: CardProps) {
  const { t, i18n } = useTranslation();
  const name = localName(product, i18n.language);
  const { rank, skin_count: skins, hero_count: heroes } = product.data;
  useEndsFirstScreen(position, product.img_url);
  const hasPreview = product.preview_img.length > 0;
  return (
    <article className={card} aria-label={name}>
      <PriceBadges product={product} />
      <div className="relative aspect-video bg-gradient-to-br from-violet-100 to-sky-100 dark:from-violet-500/10 dark:to-blue-500/10">
        <img src={product.img_url} alt="" {...imageLoading(position)} decoding="async" className="size-full object-cover" />
        {hasPreview && !product.is_sold && (
          <button
            type="button"
            onClick={() => onPreview?.(product)}
            className="absolute right-2 bottom-2 inline-flex h-9 items-center gap-1.5 rounded-full bg-ink-950/70 px-3 text-xs font-semibold text-white backdrop-blur transition hover:bg-ink-950/85"
          >
            <ImageIcon className="size-4" />
            {t('products.preview', { count: product.preview_img.length })}
          </button>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h2 className="line-clamp-2 font-semibold">{name}</h2>
        <dl className="flex flex-wrap gap-1.5 text-xs">
          {rank && (
            <div className="rounded-lg bg-violet-50 px-2 py-1 dark:bg-violet-500/10">
              <dt className="sr-only">{t('products.rank')}</dt>
              <dd translate="no" className="font-semibold text-violet-700 dark:text-violet-200">{String(rank)}</dd>
            </div>
          )}
          {skins !== undefined && (
            <div className="rounded-lg bg-slate-100 px-2 py-1 dark:bg-white/5">
              <dt className="inline">{t('products.skins')}: </dt>
              <dd className="inline font-semibold">{String(skins)}</dd>
            </div>
          )}
          {heroes !== undefined && (
            <div className="rounded-lg bg-slate-100 px-2 py-1 dark:bg-white/5">
              <dt className="inline">{t('products.heroes')}: </dt>
              <dd className="inline font-semibold">{String(heroes)}</dd>
            </div>
          )}
        </dl>
        <div className="mt-auto flex flex-col gap-2 pt-1">
          <PriceTag product={product} />
          <Button className="w-full" disabled={product.is_sold} icon={<CartIcon className="size-4" />} onClick={() => onBuy(product)}>
            {t('products.buyNow')}
          </Button>
        </div>
      </div>
      {product.is_sold && <SoldOutOverlay />}
    </article>
  );
}
