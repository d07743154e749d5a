import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';

import { LanguageSwitch } from '@/components/i18n/language-switch';
import { IconButton } from '@/components/ui/icon-button';
import { CloseIcon, HomeIcon, MenuIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { useDisclosure } from '@/hooks/use-disclosure';
import { useEscapeKey } from '@/hooks/use-escape-key';

/**
 * Top-right menu. Placeholder for SPEC's signed-in/signed-out menus: for now
 * it holds Home and the language switch.
 */
export function MenuButton() {
  const { t } = useTranslation();
  const { isOpen, toggle, close } = useDisclosure();
  const panelId = useId();
  const trigger = useRef<HTMLButtonElement>(null);

  const dismiss = () => {
    close();
    trigger.current?.focus();
  };
  useEscapeKey(isOpen, dismiss);

  return (
    <>
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
            className="animate-fade-in absolute top-full right-3 z-50 mt-2 w-[min(20rem,calc(100vw-1.5rem))] rounded-2xl border border-slate-200 bg-white/95 p-2 shadow-xl shadow-violet-900/10 backdrop-blur-xl sm:right-6 dark:border-white/10 dark:bg-ink-900/95"
          >
            <ul className="flex flex-col">
              <li>
                <NavLink
                  to={paths.home}
                  onClick={close}
                  className={({ isActive }) =>
                    `flex h-11 items-center gap-3 rounded-xl px-3 text-sm font-semibold transition hover:bg-violet-50 dark:hover:bg-white/5 ${
                      isActive ? 'text-violet-700 dark:text-violet-300' : ''
                    }`
                  }
                >
                  <HomeIcon className="size-5" />
                  {t('nav.home')}
                </NavLink>
              </li>
            </ul>
            <div className="mt-2 border-t border-slate-100 px-3 pt-3 pb-1 dark:border-white/10">
              <LanguageSwitch />
            </div>
          </nav>
        </>
      )}
    </>
  );
}
