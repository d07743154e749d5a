import { useId, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';

import { IconButton } from '@/components/ui/icon-button';
import { CloseIcon } from '@/components/ui/icons';
import { useEscapeKey } from '@/hooks/use-escape-key';
import { useFocusTrap } from '@/hooks/use-focus-trap';
import { useLockBodyScroll } from '@/hooks/use-lock-body-scroll';

type DialogProps = {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children?: ReactNode;
  /** False while something is in flight: outside clicks, Escape and the close icon do nothing. */
  dismissible?: boolean;
  icon?: ReactNode;
  /** The buttons at the bottom. */
  actions?: ReactNode;
  role?: 'dialog' | 'alertdialog';
};

/** A centred modal: closes on outside click, Escape and the close icon; locks page scrolling; keeps focus inside and gives it back. */
export function Dialog({ open, onClose, title, children, dismissible = true, icon, actions, role = 'dialog' }: DialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const bodyId = useId();
  const dismiss = () => {
    if (dismissible) onClose();
  };
  useEscapeKey(open, dismiss);
  useLockBodyScroll(open);
  const trap = useFocusTrap<HTMLElement>(open);
  if (!open) return null;
  return createPortal(
    <div className="fixed inset-0 z-[60] flex items-end justify-center p-3 sm:items-center sm:p-6">
      <div aria-hidden="true" className="animate-fade-in absolute inset-0 bg-ink-950/50 backdrop-blur-sm" onClick={dismiss} />
      <section
        ref={trap}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={children ? bodyId : undefined}
        className="animate-fade-in relative w-full max-w-md rounded-3xl border border-slate-200 bg-white p-6 pb-[max(1.5rem,env(safe-area-inset-bottom))] text-center shadow-2xl shadow-violet-950/20 sm:pb-6 dark:border-white/10 dark:bg-ink-900"
      >
        <div className="absolute top-3 right-3">
          <IconButton label={t('dialog.close')} onClick={dismiss} disabled={!dismissible} className="border-transparent bg-transparent shadow-none">
            <CloseIcon />
          </IconButton>
        </div>
        {icon && <div className="mb-3 flex justify-center">{icon}</div>}
        <h2 id={titleId} className="px-8 text-lg font-bold text-balance">
          {title}
        </h2>
        {children && (
          <div id={bodyId} className="mt-2 text-sm text-pretty text-slate-600 dark:text-slate-300">
            {children}
          </div>
        )}
        {actions && <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-center">{actions}</div>}
      </section>
    </div>,
    document.body,
  );
}
