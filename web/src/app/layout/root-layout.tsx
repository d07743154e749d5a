import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';

import { Footer } from '@/app/layout/footer';
import { RealtimeBridge } from '@/app/layout/realtime-bridge';
import { TopBar } from '@/app/layout/top-bar';
import { PageBackground } from '@/components/layouts/page-background';
import { SiteSearchMetadata } from '@/components/seo/site-search-metadata';
import { useAccountLocale } from '@/features/account/hooks/use-account-locale';
import { LogoutDialogs } from '@/features/auth/components/logout-dialogs';
import { useCurrentUser, useUserRefresh } from '@/features/auth/hooks/use-current-user';
import { useChatWidget } from '@/features/chat/hooks/use-chat-widget';
import { useConfig } from '@/features/config/api/config';
import { useStoreName } from '@/features/config/hooks/use-store-name';
import { OfflineNotice } from '@/features/pwa/components/offline-notice';
import { UpdatePrompt } from '@/features/pwa/components/update-prompt';
import { useCatalogueUpdates } from '@/features/pwa/hooks/use-catalogue-updates';
import { endFirstScreen, pageEndsFirstScreen } from '@/lib/first-screen';

/** Turns a support link into the handle shown in texts ("@shwetopup"). */
function handleOf(url: string | undefined): string {
  if (!url) return 'Telegram';
  const last = url.replace(/\/+$/, '').split('/').pop() ?? '';
  return last ? `@${last.replace(/^@/, '')}` : 'Telegram';
}

/** The shared layout of every page (docs/spec.md §2 Shared layout). */
export function RootLayout() {
  const { t } = useTranslation();
  const storeName = useStoreName();
  const { data: config } = useConfig();
  const user = useCurrentUser();
  const [logoutOpen, setLogoutOpen] = useState(false);
  const { pathname } = useLocation();
  const [landing] = useState(pathname);
  useEffect(() => {
    // The page landed on removes its stand-in itself when it waits for an
    // image (/home's banner, a game's first products); on any other page, or
    // once the visitor has moved on, the app has now drawn what the first
    // screen showed (a visitor whose session has expired is on /login by now).
    if (pathname !== landing || !pageEndsFirstScreen(pathname)) endFirstScreen();
  }, [pathname, landing]);
  useUserRefresh();
  useAccountLocale();
  useCatalogueUpdates();
  useChatWidget(config?.chat_widget_id, user, pathname);
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-lg focus:bg-white focus:px-3 focus:py-2 focus:text-sm focus:font-semibold dark:focus:bg-ink-900"
      >
        {t('app.skipToContent')}
      </a>
      <SiteSearchMetadata name={storeName} />
      <div data-print="hide" className="contents">
        <PageBackground />
        <TopBar user={user} onExit={() => setLogoutOpen(true)} />
      </div>
      {/* At least a screen tall: the footer starts below the fold and stays there while the
          page's content arrives (it was visible over the empty page, then pushed down: CLS). */}
      <main id="main" className="mx-auto min-h-dvh w-full max-w-7xl flex-1 px-4 pt-[calc(4rem+env(safe-area-inset-top)+1.5rem)] pb-16 sm:px-6">
        <OfflineNotice signedIn={Boolean(user)} />
        <Outlet />
      </main>
      <div data-print="hide" className="contents">
        <Footer />
      </div>
      <RealtimeBridge />
      <UpdatePrompt />
      <LogoutDialogs open={logoutOpen} onClose={() => setLogoutOpen(false)} supportName={handleOf(config?.support?.telegram)} />
      <ScrollRestoration />
    </div>
  );
}
