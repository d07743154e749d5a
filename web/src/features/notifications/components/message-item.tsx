import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { CopyField } from '@/components/ui/copy-field';
import { TrashIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { isCodeMessage, type InboxMessage } from '@/features/notifications/api/messages';
import { translateCode } from '@/lib/server-text';
import { fromNow } from '@/lib/time';
import { scriptLang } from '@/lib/script-lang';

type MessageItemProps = {
  message: InboxMessage;
  /** Marks an unread message read; rejects when the call fails. */
  onRead: (message: InboxMessage) => Promise<void>;
  onDelete: (message: InboxMessage) => void;
  /** Called when the message's order link is followed (the panel closes). */
  onOpenOrder?: () => void;
};

/** One notification: More/Less (marking it read), the trash button and a relative time. */
export function MessageItem({ message, onRead, onDelete, onOpenOrder }: MessageItemProps) {
  const { t, i18n } = useTranslation();
  const [expanded, setExpanded] = useState(false);
  // A message the store wrote itself is worded from its codes, so it follows
  // the UI language (docs/architecture.md#the-api-contract); an admin's own words stay.
  const params = message.params ?? undefined;
  const title = translateCode(t, message.title_code ?? undefined, params) ?? message.title;
  const body = translateCode(t, message.body_code ?? undefined, params) ?? message.body;
  const toggle = () => {
    if (expanded) {
      setExpanded(false);
      return;
    }
    setExpanded(true);
    if (!message.is_read) {
      // docs/spec.md §4: if marking fails, the expansion is undone (and only logged).
      onRead(message).catch((error: unknown) => {
        console.warn('Could not mark the message read', error);
        setExpanded(false);
      });
    }
  };
  return (
    <li
      className={`relative flex flex-col gap-2 rounded-2xl border p-3.5 ${
        message.is_read
          ? 'border-slate-200/80 bg-white dark:border-white/10 dark:bg-white/[0.03]'
          : 'border-violet-200 bg-violet-50/70 dark:border-violet-400/25 dark:bg-violet-500/10'
      }`}
    >
      <div className="flex items-start gap-2">
        {!message.is_read && <span className="mt-2 size-2 shrink-0 rounded-full bg-rose-500" aria-label={t('notifications.unread')} role="img" />}
        <div className="min-w-0 flex-1">
          {isCodeMessage(message) ? (
            <CopyField value={message.title} label={t('notifications.code')} mono className="w-full" />
          ) : (
            <h3 lang={scriptLang(title)} className="font-semibold break-words">
              {title}
            </h3>
          )}
        </div>
        <button
          type="button"
          onClick={() => onDelete(message)}
          aria-label={t('notifications.delete')}
          title={t('notifications.delete')}
          className="inline-flex size-9 shrink-0 items-center justify-center rounded-full text-slate-400 transition hover:bg-rose-50 hover:text-rose-600 dark:hover:bg-rose-500/10"
        >
          <TrashIcon className="size-4" />
        </button>
      </div>
      {body && (
        <p
          lang={scriptLang(body)}
          className={`text-sm whitespace-pre-line break-words text-slate-600 dark:text-slate-300 ${expanded ? '' : 'line-clamp-2'}`}
          data-testid="message-body"
        >
          {body}
        </p>
      )}
      <div className="flex items-center justify-between gap-2 text-xs">
        <time dateTime={message.created_at} className="text-muted">
          {fromNow(message.created_at, i18n.language)}
        </time>
        {'order_id' in message && message.order_id ? (
          <Link to={paths.orderDetail(message.order_id)} onClick={onOpenOrder} className="rounded-lg px-2 py-1 font-bold text-violet-700 underline underline-offset-4 dark:text-violet-300">
            {t('notifications.viewOrder')}
          </Link>
        ) : null}
        <button type="button" onClick={toggle} aria-expanded={expanded} className="rounded-lg px-2 py-1 font-bold text-violet-700 hover:bg-violet-100 dark:text-violet-300 dark:hover:bg-white/5">
          {expanded ? t('notifications.less') : t('notifications.more')}
        </button>
      </div>
    </li>
  );
}
