import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { Logo } from '@/components/brand/logo';
import { ThemeToggle } from '@/components/theme/theme-toggle';
import { paths } from '@/config/paths';
import { MenuButton } from '@/features/navigation/components/menu-button';
import { NotificationButton } from '@/features/notifications/components/notification-button';
import { HeaderSearch } from '@/features/search/components/header-search';
import { BalancePill } from '@/features/wallet/components/balance-pill';
import { formatAmount } from '@/lib/format';
import type { SessionUser } from '@/types/session';

/** Fixed top bar: notifications and logo on the left; search, balance, theme and menu on the right. */
export function TopBar({ user, onExit }: { user: SessionUser | null; onExit: () => void }) {
  const { t } = useTranslation();
  return (
    <header className="fixed inset-x-0 top-0 z-40 border-b border-slate-200/70 bg-paper/75 pt-[env(safe-area-inset-top)] backdrop-blur-xl dark:border-white/5 dark:bg-ink-950/70">
      <div className="relative mx-auto flex h-16 max-w-7xl items-center gap-2 px-3 sm:gap-3 sm:px-6">
        <NotificationButton />
        <Link to={paths.home} aria-label={t('app.homeLink')} className="shrink-0 rounded-xl">
          <Logo />
        </Link>
        <div className="ml-auto flex min-w-0 flex-1 items-center justify-end gap-2 sm:gap-3">
          <HeaderSearch />
          {user ? (
            <Link to={paths.wallet} aria-label={t('wallet.openWithBalance', { amount: formatAmount(user.wallet_amount) })} className="min-w-0 rounded-full">
              <BalancePill amount={user.wallet_amount} />
            </Link>
          ) : (
            <BalancePill />
          )}
          <ThemeToggle />
          <MenuButton user={user} onExit={onExit} />
        </div>
      </div>
    </header>
  );
}
