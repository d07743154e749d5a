import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

import { PageHead } from '@/components/seo/page-head';
import { GAMES_SECTION_ID, paths } from '@/config/paths';
import { BenefitCards } from '@/features/catalog/components/benefit-cards';
import { GameGrid } from '@/features/catalog/components/game-grid';
import { ServiceFilter } from '@/features/catalog/components/service-filter';
import { PromoBanner } from '@/features/catalog/components/promo-banner';
import { useConfig } from '@/features/config/api/config';
import { deliveryMinutes } from '@/features/config/support';
import { useStoreName } from '@/features/config/hooks/use-store-name';
import { ReviewList } from '@/features/reviews/components/review-list';

/** /home: the banner, the game grid (2/3/4/6 columns) and the six benefit cards (docs/spec.md §2). */
export function HomeRoute() {
  const { t } = useTranslation();
  const storeName = useStoreName();
  const { data: config } = useConfig();
  const minutes = deliveryMinutes(config?.support);
  // Browse by service: ?service={slug} keeps the choice in the address (shareable, and Back undoes it).
  const [params] = useSearchParams();
  const service = params.get('service') ?? '';
  return (
    <>
      <PageHead title={t('meta.homeTitle', { store: storeName })} description={t('meta.description')} />
      <div className="flex flex-col gap-10">
        <PromoBanner />
        <section aria-labelledby="store-heading" id={GAMES_SECTION_ID} className="flex scroll-mt-24 flex-col gap-5">
          <div className="flex flex-col gap-2">
            <h1
              id="store-heading"
              className="bg-gradient-to-r from-violet-700 via-indigo-600 to-sky-600 bg-clip-text text-2xl font-extrabold tracking-tight text-transparent sm:text-3xl dark:from-violet-300 dark:via-indigo-300 dark:to-sky-300"
            >
              {t('home.heading')}
            </h1>
            <p className="max-w-2xl text-sm text-slate-600 sm:text-base dark:text-slate-300">{t('home.intro', { minutes })}</p>
          </div>
          <ServiceFilter current={service} hrefOf={(slug) => (slug ? `${paths.home}?service=${encodeURIComponent(slug)}` : paths.home)} />
          <GameGrid service={service} />
        </section>
        <ReviewList />
        <BenefitCards deliveryMinutes={minutes} />
      </div>
    </>
  );
}
