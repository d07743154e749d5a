import { useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';

import { IconButton } from '@/components/ui/icon-button';
import { BellIcon, CloseIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { deleteMessage, markMessageRead, type InboxMessage } from '@/features/notifications/api/messages';
import { DeleteMessageDialog } from '@/features/notifications/components/delete-message-dialog';
import { MessageItem } from '@/features/notifications/components/message-item';
import { useEscapeKey } from '@/hooks/use-escape-key';
import { useFocusTrap } from '@/hooks/use-focus-trap';
import { useLockBodyScroll } from '@/hooks/use-lock-body-scroll';

type NotificationPanelProps = {
  id: string;
  messages: InboxMessage[];
  loading: boolean;
  /** Refetches the list after a change. */
  refresh: () => void;
  onClose: () => void;
};

/**
 * The open notification panel: a bottom sheet on phones, a side panel from
 * 640px. Its own chunk (with dayjs for the relative times), loaded when the
 * bell is first opened or approached.
 */
export function NotificationPanel({ id, messages, loading, refresh, onClose }: NotificationPanelProps) {
  const { t } = useTranslation();
  const [deleting, setDeleting] = useState<InboxMessage | null>(null);
  const titleId = `${id}-title`;

  const dismiss = () => {
    if (!deleting) onClose();
  };
  useEscapeKey(true, dismiss);
  useLockBodyScroll(true);
  const trap = useFocusTrap<HTMLElement>(true);

  const read = async (message: InboxMessage) => {
    await markMessageRead(message.id);
    refresh();
  };
  // A failed delete is only logged: the dialog closes and the list is fetched again either way.
  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await deleteMessage(deleting.id);
    } catch (error) {
      console.warn('Could not delete the message', error);
    } finally {
      setDeleting(null);
      refresh();
    }
  };

  let content;
  if (loading) {
    content = (
      <div role="status" className="flex items-center justify-center gap-2 py-12 text-sm text-muted">
        <Spinner className="size-5" /> {t('app.loading')}
      </div>
    );
  } else if (messages.length === 0) {
    content = (
      <div className="flex flex-col items-center gap-2 py-12 text-center">
        <span className="flex size-14 items-center justify-center rounded-2xl bg-violet-100 text-violet-600 dark:bg-violet-500/15 dark:text-violet-300">
          <BellIcon className="size-6" />
        </span>
        <p className="font-semibold">{t('notifications.empty')}</p>
        <p className="max-w-64 text-sm text-muted">{t('notifications.emptyHint')}</p>
      </div>
    );
  } else {
    content = (
      <ul className="flex flex-col gap-2.5" aria-label={t('notifications.list')}>
        {messages.map((message) => (
          <MessageItem key={message.id} message={message} onRead={read} onDelete={setDeleting} onOpenOrder={onClose} />
        ))}
      </ul>
    );
  }

  return (
    <>
      {/* Portalled: the top bar's backdrop blur would otherwise be the containing block of a fixed panel. */}
      {createPortal(
        <div className="fixed inset-0 z-50">
          <div aria-hidden="true" className="animate-fade-in absolute inset-0 bg-ink-950/40 backdrop-blur-sm" onClick={dismiss} />
          <section
            ref={trap}
            id={id}
            role="dialog"
            aria-modal="true"
            aria-labelledby={titleId}
            className="animate-sheet-up absolute inset-x-0 bottom-0 flex max-h-[85dvh] flex-col rounded-t-3xl border-t border-slate-200 bg-paper pb-[env(safe-area-inset-bottom)] shadow-2xl sm:inset-y-0 sm:right-auto sm:left-0 sm:max-h-none sm:w-[26rem] sm:animate-fade-in sm:rounded-none sm:rounded-r-3xl sm:border-t-0 sm:border-r dark:border-white/10 dark:bg-ink-900"
          >
            <div className="p-5 pb-3">
              <div className="mx-auto mb-4 h-1.5 w-12 rounded-full bg-slate-200 sm:hidden dark:bg-white/10" aria-hidden="true" />
              <header className="flex items-center justify-between gap-3">
                <h2 id={titleId} className="text-lg font-bold">
                  {t('notifications.titleCount', { count: messages.length })}
                </h2>
                <IconButton label={t('notifications.close')} onClick={dismiss} autoFocus>
                  <CloseIcon />
                </IconButton>
              </header>
            </div>
            <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-5 pb-5">{content}</div>
          </section>
        </div>,
        document.body,
      )}
      <DeleteMessageDialog open={deleting !== null} onCancel={() => setDeleting(null)} onConfirm={confirmDelete} />
    </>
  );
}
