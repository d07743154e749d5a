import { useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useNavigate } from 'react-router';

import { LanguageSwitch } from '@/components/i18n/language-switch';
import { IconButton } from '@/components/ui/icon-button';
import {
  CloseIcon,
  GamepadIcon,
  HeadsetIcon,
  HomeIcon,
  LoginIcon,
  LogoutIcon,
  MenuIcon,
  PlusCircleIcon,
  ReceiptIcon,
  SettingsIcon,
  UserPlusIcon,
  WalletIcon,
} from '@/components/ui/icons';
import { GAMES_SECTION_ID, ORDERS_SECTION_ID, paths } from '@/config/paths';
import { useDisclosure } from '@/hooks/use-disclosure';
import { useEscapeKey } from '@/hooks/use-escape-key';
import { useFocusTrap } from '@/hooks/use-focus-trap';
import { scrollToSection, scrollToTop } from '@/lib/navigation';
import type { SessionUser } from '@/types/session';

type MenuButtonProps = {
  user: SessionUser | null;
  /** Exit: opens the logout confirm. */
  onExit: () => void;
  /** Where "Support" leads: the shop's first configured channel; none hides it. */
  supportHref?: string;
};

type Item = { to: string; label: string; icon: ReactNode; after?: () => void };

const itemClass = (active: boolean) =>
  `flex h-11 items-center gap-3 rounded-xl px-3 text-sm font-semibold transition hover:bg-violet-50 dark:hover:bg-white/5 ${
    active ? 'text-violet-700 dark:text-violet-300' : ''
  }`;

/**
 * docs/spec.md §2 menu: Login, Register, Home when signed out; welcome, Exit and the shop links when signed in,
 * with "My orders" (the order history on the account page) and "Support" (issue 25).
 */
export function MenuButton({ user, onExit, supportHref }: MenuButtonProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { isOpen, toggle, close } = useDisclosure();
  const panelId = useId();
  const trigger = useRef<HTMLButtonElement>(null);

  const dismiss = () => {
    close();
    trigger.current?.focus();
  };
  useEscapeKey(isOpen, dismiss);
  // The open menu covers the page (a click outside closes it): Tab stays in the button and the menu.
  const trap = useFocusTrap<HTMLDivElement>(isOpen, trigger);

  const toGames = () => scrollToSection(GAMES_SECTION_ID);
  const items: Item[] = user
    ? [
        { to: paths.home, label: t('nav.home'), icon: <HomeIcon className="size-5" /> },
        { to: paths.home, label: t('nav.gamesShop'), icon: <GamepadIcon className="size-5" />, after: toGames },
        { to: paths.topUp, label: t('nav.topUp'), icon: <PlusCircleIcon className="size-5" /> },
        { to: paths.wallet, label: t('nav.wallet'), icon: <WalletIcon className="size-5" /> },
        {
          to: paths.profile(user.username),
          label: t('nav.myOrders'),
          icon: <ReceiptIcon className="size-5" />,
          after: () => scrollToSection(ORDERS_SECTION_ID),
        },
        { to: paths.profile(user.username), label: t('nav.account'), icon: <SettingsIcon className="size-5" />, after: scrollToTop },
      ]
    : [
        { to: paths.login, label: t('nav.login'), icon: <LoginIcon className="size-5" /> },
        { to: paths.register, label: t('nav.register'), icon: <UserPlusIcon className="size-5" /> },
        { to: paths.home, label: t('nav.home'), icon: <HomeIcon className="size-5" />, after: toGames },
      ];

  return (
    <div ref={trap} className="contents">
      <IconButton
        ref={trigger}
        label={isOpen ? t('nav.closeMenu') : t('nav.openMenu')}
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={toggle}
      >
        {isOpen ? <CloseIcon /> : <MenuIcon />}
      </IconButton>
      {isOpen && (
        <>
          <div aria-hidden="true" className="fixed inset-0 z-40" onClick={close} />
          <nav
            id={panelId}
            aria-label={t('nav.menuTitle')}
            className="animate-fade-in absolute top-full right-3 z-50 mt-2 w-[min(20rem,calc(100vw-1.5rem))] rounded-2xl border border-slate-200 bg-white p-2 shadow-xl shadow-violet-900/10 sm:right-6 dark:border-white/10 dark:bg-ink-900"
          >
            {user && (
              <div className="mb-2 flex items-center justify-between gap-3 rounded-xl bg-gradient-to-r from-violet-50 to-sky-50 p-3 dark:from-violet-500/10 dark:to-sky-500/10">
                <p className="min-w-0 text-sm">
                  <span className="block text-xs text-muted">{t('nav.welcome')}</span>
                  <span className="block truncate font-bold">{user.username}</span>
                </p>
                <button
                  type="button"
                  onClick={() => {
                    close();
                    onExit();
                  }}
                  className="inline-flex h-9 shrink-0 items-center gap-1.5 rounded-lg bg-rose-600 px-3 text-xs font-bold text-white hover:bg-rose-500"
                >
                  <LogoutIcon className="size-4" />
                  {t('nav.exit')}
                </button>
              </div>
            )}
            <ul className="flex flex-col">
              {items.map((item) => (
                <li key={item.label}>
                  <NavLink
                    to={item.to}
                    end
                    onClick={(event) => {
                      close();
                      if (item.after) {
                        event.preventDefault();
                        void Promise.resolve(navigate(item.to)).then(item.after);
                      }
                    }}
                    className={({ isActive }) => itemClass(isActive && !item.after)}
                  >
                    {item.icon}
                    {item.label}
                  </NavLink>
                </li>
              ))}
              {supportHref && (
                <li>
                  <a href={supportHref} target="_blank" rel="noopener noreferrer" onClick={close} className={itemClass(false)}>
                    <HeadsetIcon className="size-5" />
                    {t('nav.support')}
                  </a>
                </li>
              )}
            </ul>
            <div className="mt-2 border-t border-slate-100 px-3 pt-3 pb-1 dark:border-white/10">
              <LanguageSwitch />
            </div>
          </nav>
        </>
      )}
    </div>
  );
}
