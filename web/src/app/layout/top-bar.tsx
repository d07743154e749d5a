import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';

import { Logo } from '@/components/brand/logo';
import { ThemeToggle } from '@/components/theme/theme-toggle';
import { LoginIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { useConfig } from '@/features/config/api/config';
import { supportLink } from '@/features/config/support';
import { MenuButton } from '@/features/navigation/components/menu-button';
import { NotificationButton } from '@/features/notifications/components/notification-button';
import { HeaderSearch } from '@/features/search/components/header-search';
import { BalancePill } from '@/features/wallet/components/balance-pill';
import { formatAmount } from '@/lib/format';
import { loginPath } from '@/lib/navigation';
import type { SessionUser } from '@/types/session';

/**
 * Fixed top bar: notifications and logo on the left; search, balance, theme and menu on the right.
 * With guest browsing a guest has no messages and no wallet: a "Sign in" button takes the
 * place of the bell and of a "0 Ks" balance, and brings them back to the page they were on.
 */
export function TopBar({ user, onExit }: { user: SessionUser | null; onExit: () => void }) {
  const { t } = useTranslation();
  const { data: config } = useConfig();
  const { pathname, search } = useLocation();
  const browsingGuest = !user && config?.guest_browsing === true;
  const onAuthPage = pathname === paths.login || pathname === paths.register;
  return (
    <header className="fixed inset-x-0 top-0 z-40 border-b border-slate-200/70 bg-paper/75 pt-[env(safe-area-inset-top)] backdrop-blur-xl dark:border-white/5 dark:bg-ink-950/70">
      <div className="relative mx-auto flex h-16 max-w-7xl items-center gap-2 px-3 sm:gap-3 sm:px-6">
        {!browsingGuest && <NotificationButton />}
        <Link to={paths.home} aria-label={t('app.homeLink')} className="shrink-0 rounded-xl">
          <Logo />
        </Link>
        <div className="ml-auto flex min-w-0 flex-1 items-center justify-end gap-2 sm:gap-3">
          <HeaderSearch />
          {user ? (
            <Link to={paths.wallet} aria-label={t('wallet.openWithBalance', { amount: formatAmount(user.wallet_amount) })} className="min-w-0 rounded-full">
              <BalancePill amount={user.wallet_amount} />
            </Link>
          ) : browsingGuest ? (
            !onAuthPage && (
              <Link
                to={loginPath(pathname + search)}
                className="inline-flex h-10 shrink-0 items-center gap-1.5 rounded-full bg-violet-700 px-3.5 text-sm font-bold text-white shadow-sm hover:bg-violet-600 dark:bg-violet-600 dark:hover:bg-violet-500"
              >
                <LoginIcon className="size-4" />
                {t('nav.signIn')}
              </Link>
            )
          ) : (
            <BalancePill />
          )}
          <ThemeToggle />
          <MenuButton user={user} onExit={onExit} supportHref={supportLink(config?.support)} />
        </div>
      </div>
    </header>
  );
}
