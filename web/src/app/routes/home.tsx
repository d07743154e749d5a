import { useTranslation } from 'react-i18next';

import { PageHead } from '@/components/seo/page-head';
import { useStoreName } from '@/features/config/hooks/use-store-name';

const placeholderTiles = Array.from({ length: 12 }, (_, index) => index);

/** /home: placeholder until the games feature lands (grid of 2/3/4/6 columns by width). */
export function HomeRoute() {
  const { t } = useTranslation();
  const storeName = useStoreName();
  return (
    <>
      <PageHead title={t('meta.homeTitle', { store: storeName })} description={t('meta.description')} />
      <section aria-labelledby="store-heading" className="flex flex-col gap-6">
        <div className="flex flex-col gap-2">
          <h1
            id="store-heading"
            className="bg-gradient-to-r from-violet-700 via-indigo-600 to-sky-600 bg-clip-text text-2xl font-extrabold tracking-tight text-transparent sm:text-3xl dark:from-violet-300 dark:via-indigo-300 dark:to-sky-300"
          >
            {t('home.heading')}
          </h1>
          <p className="max-w-2xl text-sm text-slate-600 sm:text-base dark:text-slate-300">{t('home.intro')}</p>
        </div>
        <div id="games" className="grid scroll-mt-24 grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 md:grid-cols-4 xl:grid-cols-6" aria-hidden="true">
          {placeholderTiles.map((tile) => (
            <div
              key={tile}
              className="flex aspect-[4/5] flex-col justify-end gap-2 rounded-2xl border border-slate-200/80 bg-white/60 p-3 shadow-sm dark:border-white/5 dark:bg-white/[0.03]"
            >
              <div className="flex-1 animate-pulse rounded-xl bg-gradient-to-br from-violet-100 to-sky-100 dark:from-violet-500/10 dark:to-blue-500/10" />
              <div className="h-3 w-3/4 animate-pulse rounded-full bg-slate-200 dark:bg-white/10" />
            </div>
          ))}
        </div>
        <p className="text-center text-sm text-slate-500 dark:text-slate-400">{t('home.comingSoon')}</p>
      </section>
    </>
  );
}
