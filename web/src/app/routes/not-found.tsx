import { useTranslation } from 'react-i18next';

import { PageHead } from '@/components/seo/page-head';
import { ButtonLink } from '@/components/ui/button-link';
import { HomeIcon, SearchIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { useStoreName } from '@/features/config/hooks/use-store-name';

/** /404 and every unknown path. */
export function NotFoundRoute() {
  const { t } = useTranslation();
  const storeName = useStoreName();
  return (
    <>
      <PageHead title={t('meta.notFoundTitle', { store: storeName })} robots="noindex, follow" />
      <section className="mx-auto flex max-w-md flex-col items-center gap-4 py-12 text-center sm:py-20">
        <p
          aria-hidden="true"
          className="bg-gradient-to-b from-gold-300 to-gold-600 bg-clip-text text-8xl font-black tracking-tighter text-transparent drop-shadow-sm"
        >
          {t('notFound.code')}
        </p>
        <h1 className="text-2xl font-bold">{t('notFound.heading')}</h1>
        <p className="text-slate-600 dark:text-slate-300">{t('notFound.body')}</p>
        <div className="mt-2 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
          <ButtonLink to={paths.home} icon={<HomeIcon className="size-5" />}>
            {t('notFound.home')}
          </ButtonLink>
          <ButtonLink to={paths.search} variant="secondary" icon={<SearchIcon className="size-5" />}>
            {t('notFound.search')}
          </ButtonLink>
        </div>
      </section>
    </>
  );
}
