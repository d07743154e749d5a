import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';

import { Pagination } from '@/components/pagination/pagination';
import { Button } from '@/components/ui/button';
import { ButtonLink } from '@/components/ui/button-link';
import { HomeIcon, SearchIcon } from '@/components/ui/icons';
import { PageSpinner } from '@/components/ui/page-spinner';
import { fieldClass } from '@/components/ui/text-field';
import { paths } from '@/config/paths';
import { useSearch } from '@/features/search/api/search';
import { useErrorText } from '@/hooks/use-error-text';
import { formatAmount } from '@/lib/format';
import { localName } from '@/lib/localize';
import { parsePage } from '@/lib/pagination';
import { saveSelectedService, serviceSegment } from '@/lib/selected-service';

/** docs/spec.md §2 /search?q=: the server's search over games and products, in English or Burmese. */
export function SearchPage() {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = parsePage(params.get('page'));
  const [draft, setDraft] = useState(q);
  const { data, error, isLoading } = useSearch(q, page);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const term = draft.trim();
    setParams(term ? { q: term } : {});
  };
  const games = data?.games ?? [];
  const products = data?.products.data ?? [];
  const none = data && games.length === 0 && products.length === 0;

  return (
    <section className="mx-auto flex w-full max-w-5xl flex-col gap-6">
      <div className="flex flex-col gap-3">
        <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">{q ? t('search.resultsFor', { q }) : t('search.title')}</h1>
        <form role="search" onSubmit={submit} className="flex gap-2">
          <label htmlFor="search-q" className="sr-only">
            {t('search.label')}
          </label>
          <input id="search-q" type="search" value={draft} maxLength={100} onChange={(event) => setDraft(event.target.value)} placeholder={t('search.placeholder')} className={`${fieldClass} border-slate-200 dark:border-white/10`} />
          <Button type="submit" className="shrink-0" icon={<SearchIcon className="size-5" />}>
            <span className="sr-only sm:not-sr-only">{t('search.submit')}</span>
          </Button>
        </form>
      </div>
      {isLoading && !data ? (
        <PageSpinner />
      ) : error && !data ? (
        <p role="alert" className="rounded-xl bg-rose-50 p-4 text-sm text-rose-800 dark:bg-rose-950/40 dark:text-rose-200">
          {errorText(error)}
        </p>
      ) : !q.trim() || none ? (
        <div className="flex flex-col items-center gap-3 py-10 text-center">
          <SearchIcon className="size-10 text-violet-400" />
          <p className="text-lg font-semibold">{q.trim() ? t('search.none') : t('search.prompt')}</p>
        </div>
      ) : (
        <>
          {games.length > 0 && (
            <section aria-labelledby="search-games" className="flex flex-col gap-3">
              <h2 id="search-games" className="text-lg font-bold">
                {t('search.games')}
              </h2>
              <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4">
                {games.map((game) => (
                  <li key={game.id} className="min-w-0">
                    <Link
                      to={paths.detail(serviceSegment(game.service.name), game.slug)}
                      onClick={() =>
                        saveSelectedService({ gameId: game.id, gameName: game.name, serviceId: game.service_id, serviceName: game.service.name, description: game.description, slug: game.slug })
                      }
                      className="flex items-center gap-3 rounded-2xl border border-slate-200/80 bg-white/85 p-2.5 transition hover:border-violet-300 dark:border-white/10 dark:bg-white/[0.04]"
                    >
                      <img src={game.logo_url} alt="" className="size-12 shrink-0 rounded-xl object-cover" />
                      <span className="min-w-0 text-sm font-semibold">{localName(game, i18n.language)}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          )}
          {products.length > 0 && (
            <section aria-labelledby="search-products" className="flex flex-col gap-3">
              <h2 id="search-products" className="text-lg font-bold">
                {t('search.products', { count: data?.products.total ?? products.length })}
              </h2>
              <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
                {products.map((product) => (
                  <li key={product.id} className="min-w-0">
                    <Link
                      to={paths.detail(serviceSegment(product.service.name), product.game.slug)}
                      className="flex items-center gap-3 rounded-2xl border border-slate-200/80 bg-white/85 p-3 transition hover:border-violet-300 dark:border-white/10 dark:bg-white/[0.04]"
                    >
                      <img src={product.img_url} alt="" className="size-14 shrink-0 rounded-xl bg-violet-50 object-contain p-1 dark:bg-white/5" />
                      <span className="flex min-w-0 flex-col">
                        <span className="truncate font-semibold">{localName(product, i18n.language)}</span>
                        <span className="truncate text-xs text-muted">{localName(product.game, i18n.language)}</span>
                        <span className="text-sm font-bold text-violet-700 tabular-nums dark:text-gold-300">
                          {product.is_sold ? t('products.soldOut') : t('common.kyat', { amount: formatAmount(product.price) })}
                        </span>
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
              {data && data.products.last_page > 1 && (
                <Pagination
                  currentPage={data.products.current_page}
                  lastPage={data.products.last_page}
                  onChange={(next) => {
                    setParams({ q, page: String(next) });
                    window.scrollTo({ top: 0, behavior: 'smooth' });
                  }}
                />
              )}
            </section>
          )}
        </>
      )}
      <div className="flex justify-center">
        <ButtonLink to={paths.home} variant="secondary" icon={<HomeIcon className="size-5" />}>
          {t('notFound.home')}
        </ButtonLink>
      </div>
    </section>
  );
}
