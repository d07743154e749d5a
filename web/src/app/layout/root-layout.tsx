import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration } from 'react-router';

import { PageBackground } from '@/components/layouts/page-background';
import { SiteSearchMetadata } from '@/components/seo/site-search-metadata';
import { TopBar } from '@/app/layout/top-bar';
import { useStoreName } from '@/features/config/hooks/use-store-name';

/** The shared layout of every page (SPEC §2 Shared layout). */
export function RootLayout() {
  const { t } = useTranslation();
  const storeName = useStoreName();
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-lg focus:bg-white focus:px-3 focus:py-2 focus:text-sm focus:font-semibold dark:focus:bg-ink-900"
      >
        {t('app.skipToContent')}
      </a>
      <SiteSearchMetadata name={storeName} />
      <PageBackground />
      <TopBar />
      <main id="main" className="mx-auto w-full max-w-7xl px-4 pt-[calc(4rem+env(safe-area-inset-top)+1.5rem)] pb-16 sm:px-6">
        <Outlet />
      </main>
      <ScrollRestoration />
    </>
  );
}
