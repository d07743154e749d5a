import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { Pagination } from '@/components/pagination/pagination';
import { PageHead } from '@/components/seo/page-head';
import { NotificationDialog } from '@/components/ui/notification-dialog';
import { PageSpinner } from '@/components/ui/page-spinner';
import { paths } from '@/config/paths';
import { useProducts, type Product } from '@/features/products/api/products';
import { GameInfoDialog } from '@/features/products/components/game-info-dialog';
import { ListEmpty, ListError, ListNoData } from '@/features/products/components/list-states';
import { PreviewCarousel } from '@/features/products/components/preview-carousel';
import { AccountCard, PackageCard } from '@/features/products/components/product-card';
import { usePageParam } from '@/hooks/use-page-param';
import { useErrorText } from '@/hooks/use-error-text';
import { endFirstScreen, hasFirstScreen } from '@/lib/first-screen';
import { toKyat } from '@/lib/format';
import { localName } from '@/lib/localize';
import { scrollToTop } from '@/lib/navigation';
import { savePendingOrder } from '@/lib/pending-order';
import { getSelectedService } from '@/lib/selected-service';

type ProductListPageProps = { serviceName: string; slug: string; storeName: string };

const prettify = (segment: string) => segment.replace(/-/g, ' ').replace(/\b\p{L}/gu, (letter) => letter.toUpperCase());

/** docs/spec.md §2 /detail/{serviceName}/{name}: the products of one game, by service kind. */
export function ProductListPage({ serviceName, slug, storeName }: ProductListPageProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const [page, setPage] = usePageParam();
  const selected = getSelectedService();
  const selection = selected?.slug === slug ? selected : null;
  const { data, error, isLoading, mutate } = useProducts({ page, serviceId: selection?.serviceId, gameSlug: slug });
  const [coinProduct, setCoinProduct] = useState<Product | null>(null);
  const [preview, setPreview] = useState<Product | null>(null);
  const [storeFailed, setStoreFailed] = useState(false);
  const [waitsUnderCopy] = useState(hasFirstScreen);

  const first = data?.data[0];
  const title = (first && localName(first.service, i18n.language)) || selection?.serviceName || prettify(serviceName);
  const gameName = first ? localName(first.game, i18n.language) : selection?.gameName || prettify(slug);
  const kind = first?.service.kind;

  const order = (product: Product, info?: { gameUid: string; serverId: string }) => {
    const saved = savePendingOrder({
      orderId: product.id,
      orderType: product.service.kind,
      image: product.img_url,
      title: localName(product, i18n.language),
      totalPrice: toKyat(product.price),
      service_id: product.service_id,
      game_uid: info?.gameUid,
      game_server: info?.serverId,
    });
    if (!saved) {
      setStoreFailed(true);
      return;
    }
    setCoinProduct(null);
    setPreview(null);
    scrollToTop();
    void navigate(paths.order);
  };
  const buy = (product: Product) => {
    if (product.is_sold) return;
    if (product.service.kind === 'coin') setCoinProduct(product);
    else order(product);
  };

  // Without cards to draw, nothing of the first screen's copy is coming.
  const noCards = !isLoading && !data?.data.length;
  useEffect(() => {
    if (noCards) endFirstScreen();
  }, [noCards]);

  let body;
  // Under the first screen's copy of the cards (index.html), no spinner shows through.
  if (isLoading && !data) body = waitsUnderCopy ? null : <PageSpinner />;
  else if (error && !data) body = <ListError message={errorText(error)} onRetry={() => void mutate()} />;
  else if (!data) body = <ListNoData />;
  else if (data.data.length === 0) body = <ListEmpty />;
  else
    body = (
      <>
        <ul
          className={
            kind === 'account'
              ? 'grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3'
              : 'grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4'
          }
        >
          {data.data.map((product, index) => (
            <li key={product.id} className="min-w-0">
              {product.service.kind === 'account' ? (
                <AccountCard product={product} position={index} onBuy={buy} onPreview={setPreview} />
              ) : (
                <PackageCard product={product} position={index} onBuy={buy} />
              )}
            </li>
          ))}
        </ul>
        {data.last_page > 1 && <Pagination currentPage={data.current_page} lastPage={data.last_page} onChange={setPage} />}
      </>
    );

  return (
    <>
      <PageHead title={`${storeName} ${title} · ${gameName}`} description={selection?.description || t('meta.description')} />
      <section className="flex flex-col gap-6">
        <header className="flex flex-col gap-1">
          <p className="text-xs font-bold tracking-widest text-violet-600 uppercase dark:text-violet-300">{gameName}</p>
          <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">{title}</h1>
          {selection?.description && <p className="max-w-2xl text-sm text-slate-600 dark:text-slate-300">{selection.description}</p>}
        </header>
        {body}
      </section>
      <GameInfoDialog key={coinProduct?.id ?? 'none'} product={coinProduct} onClose={() => setCoinProduct(null)} onConfirm={order} />
      <PreviewCarousel key={preview?.id ?? 'none'} product={preview} onClose={() => setPreview(null)} onBuy={(product) => order(product)} />
      <NotificationDialog
        open={storeFailed}
        kind="error"
        title={t('products.storeFailed')}
        buttonLabel={t('common.ok')}
        onClose={() => setStoreFailed(false)}
      />
    </>
  );
}
