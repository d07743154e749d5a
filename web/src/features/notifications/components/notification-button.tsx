import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';

import { IconButton } from '@/components/ui/icon-button';
import { BellIcon, CloseIcon } from '@/components/ui/icons';
import { useDisclosure } from '@/hooks/use-disclosure';
import { useEscapeKey } from '@/hooks/use-escape-key';
import { useLockBodyScroll } from '@/hooks/use-lock-body-scroll';

/**
 * Top-left bell and its panel: a bottom sheet on phones, a side panel from sm up.
 * Placeholder: the message list, unread dot and actions come with the messages feature.
 */
export function NotificationButton() {
  const { t } = useTranslation();
  const { isOpen, toggle, close } = useDisclosure();
  const panelId = useId();
  const titleId = useId();
  const trigger = useRef<HTMLButtonElement>(null);

  const dismiss = () => {
    close();
    trigger.current?.focus();
  };
  useEscapeKey(isOpen, dismiss);
  useLockBodyScroll(isOpen);

  return (
    <>
      <IconButton
        ref={trigger}
        label={t('notifications.open')}
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={toggle}
      >
        <BellIcon />
      </IconButton>
      {isOpen && (
        <div className="fixed inset-0 z-50">
          <div aria-hidden="true" className="animate-fade-in absolute inset-0 bg-ink-950/40 backdrop-blur-sm" onClick={dismiss} />
          <section
            id={panelId}
            role="dialog"
            aria-modal="true"
            aria-labelledby={titleId}
            className="animate-sheet-up absolute inset-x-0 bottom-0 max-h-[80dvh] rounded-t-3xl border-t border-slate-200 bg-white p-5 pb-[max(1.25rem,env(safe-area-inset-bottom))] shadow-2xl sm:inset-y-0 sm:right-auto sm:left-0 sm:max-h-none sm:w-96 sm:animate-fade-in sm:rounded-none sm:rounded-r-3xl sm:border-t-0 sm:border-r dark:border-white/10 dark:bg-ink-900"
          >
            <div className="mx-auto mb-4 h-1.5 w-12 rounded-full bg-slate-200 sm:hidden dark:bg-white/10" aria-hidden="true" />
            <header className="flex items-center justify-between gap-3">
              <h2 id={titleId} className="text-lg font-bold">
                {t('notifications.title')}
              </h2>
              <IconButton label={t('notifications.close')} onClick={dismiss} autoFocus>
                <CloseIcon />
              </IconButton>
            </header>
            <div className="flex flex-col items-center gap-2 py-12 text-center">
              <span className="flex size-14 items-center justify-center rounded-2xl bg-violet-100 text-violet-600 dark:bg-violet-500/15 dark:text-violet-300">
                <BellIcon className="size-6" />
              </span>
              <p className="font-semibold">{t('notifications.empty')}</p>
              <p className="max-w-64 text-sm text-slate-500 dark:text-slate-400">{t('notifications.emptyHint')}</p>
            </div>
          </section>
        </div>
      )}
    </>
  );
}
