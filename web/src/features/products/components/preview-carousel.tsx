import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { IconButton } from '@/components/ui/icon-button';
import { CartIcon, ChevronLeftIcon, ChevronRightIcon, CloseIcon } from '@/components/ui/icons';
import type { Product } from '@/features/products/api/products';
import { useEscapeKey } from '@/hooks/use-escape-key';
import { useFocusTrap } from '@/hooks/use-focus-trap';
import { useLockBodyScroll } from '@/hooks/use-lock-body-scroll';
import { useSwipe } from '@/hooks/use-swipe';
import { localName } from '@/lib/localize';

type PreviewCarouselProps = {
  product: Product | null;
  onClose: () => void;
  onBuy: (product: Product) => void;
};

const wrap = (index: number, count: number) => (index + count) % count;

/** docs/spec.md §2: a full-screen carousel of an account's preview images with Buy Now; buttons, arrow keys or a swipe. */
export function PreviewCarousel({ product, onClose, onBuy }: PreviewCarouselProps) {
  const { t, i18n } = useTranslation();
  const [index, setIndex] = useState(0);
  const images = product?.preview_img ?? [];
  const count = images.length;
  const open = product !== null;
  const next = () => setIndex((value) => wrap(value + 1, count));
  const previous = () => setIndex((value) => wrap(value - 1, count));
  const swipe = useSwipe({ onNext: next, onPrevious: previous });
  useEscapeKey(open, onClose);
  useLockBodyScroll(open);
  const trap = useFocusTrap<HTMLDivElement>(open && count > 0);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'ArrowRight') setIndex((value) => wrap(value + 1, count));
      if (event.key === 'ArrowLeft') setIndex((value) => wrap(value - 1, count));
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, count]);
  if (!product || count === 0) return null;
  const current = Math.min(index, count - 1);
  const swipeable = count > 1;
  const name = localName(product, i18n.language);
  return createPortal(
    <div ref={trap} role="dialog" aria-modal="true" aria-label={t('products.previewTitle', { name })} className="animate-fade-in fixed inset-0 z-[70] flex flex-col bg-ink-950/95 text-white">
      <header className="flex items-center justify-between gap-3 p-3 pt-[max(0.75rem,env(safe-area-inset-top))] sm:p-5">
        <p className="min-w-0 truncate text-sm font-semibold">{name}</p>
        <div className="flex items-center gap-3">
          <span className="text-sm tabular-nums text-white/70">{t('products.imageOf', { current: current + 1, count })}</span>
          <IconButton label={t('dialog.close')} onClick={onClose} autoFocus className="border-white/20 bg-white/10 text-white">
            <CloseIcon />
          </IconButton>
        </div>
      </header>
      <div
        data-testid="carousel-stage"
        className="relative flex min-h-0 flex-1 touch-pan-y items-center justify-center px-2 select-none sm:px-16"
        {...(swipeable ? swipe.handlers : {})}
      >
        {/* Keyed: a new image starts centred instead of sliding back from where the last one was let go. */}
        <img
          key={images[current]}
          src={images[current]}
          alt={t('products.imageOf', { current: current + 1, count })}
          draggable={false}
          style={swipe.offset ? { transform: `translateX(${swipe.offset}px)` } : undefined}
          className={`max-h-full max-w-full rounded-xl object-contain ${swipe.offset ? '' : 'transition-transform duration-200'}`}
        />
        {/* Over the photo's edges. The wrappers hold the position: IconButton is position: relative, and
            an "absolute" added to it lost to that, so the buttons sat in the row beside the photo and
            pushed it off the left and Next off the right of a 375 px screen (issue 25). */}
        {swipeable && (
          <>
            <div className="absolute top-1/2 left-2 -translate-y-1/2 sm:left-4">
              <IconButton label={t('products.previousImage')} onClick={previous} className="border-white/20 bg-ink-950/60 text-white">
                <ChevronLeftIcon />
              </IconButton>
            </div>
            <div className="absolute top-1/2 right-2 -translate-y-1/2 sm:right-4">
              <IconButton label={t('products.nextImage')} onClick={next} className="border-white/20 bg-ink-950/60 text-white">
                <ChevronRightIcon />
              </IconButton>
            </div>
          </>
        )}
      </div>
      <div className="flex justify-center gap-1.5 py-3" aria-hidden="true">
        {images.map((src, dot) => (
          <span key={src} className={`size-2 rounded-full ${dot === current ? 'bg-gold-300' : 'bg-white/30'}`} />
        ))}
      </div>
      <footer className="flex justify-center p-4 pb-[max(1rem,env(safe-area-inset-bottom))]">
        <Button variant="gold" className="w-full max-w-sm" icon={<CartIcon className="size-4" />} disabled={product.is_sold} onClick={() => onBuy(product)}>
          {t('products.buyNow')}
        </Button>
      </footer>
    </div>,
    document.body,
  );
}
