import { lazy, Suspense, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

import { IconButton } from '@/components/ui/icon-button';
import { BellIcon } from '@/components/ui/icons';
import { useMessages } from '@/features/notifications/api/messages';
import { useDisclosure } from '@/hooks/use-disclosure';
import { useSession } from '@/hooks/use-session';

const loadPanel = () => import('@/features/notifications/components/notification-panel');
const NotificationPanel = lazy(async () => ({ default: (await loadPanel()).NotificationPanel }));

/**
 * docs/spec.md §2 notification panel: the top-left bell (red dot when anything is
 * unread) opening the panel of messages.
 */
export function NotificationButton() {
  const { t } = useTranslation();
  // A push notification of a message opens the app at ?messages=open
  // (internal/push): the panel starts open and the address forgets it.
  const [params, setParams] = useSearchParams();
  const { isOpen, toggle, close } = useDisclosure(params.get('messages') === 'open');
  useEffect(() => {
    if (params.get('messages') !== 'open') return;
    const rest = new URLSearchParams(params);
    rest.delete('messages');
    setParams(rest, { replace: true });
  }, [params, setParams]);
  const panelId = useId();
  const trigger = useRef<HTMLButtonElement>(null);
  const { authenticated, token, user } = useSession();
  const userId = authenticated ? user?.id : undefined;
  const { data: messages, isLoading, mutate } = useMessages(userId, token);
  const list = authenticated ? (messages ?? []) : [];
  const unread = list.some((message) => !message.is_read);

  return (
    <>
      <IconButton
        ref={trigger}
        label={unread ? t('notifications.openUnread') : t('notifications.open')}
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={toggle}
        // Start fetching the panel's code as soon as the bell is approached.
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
      >
        <BellIcon />
        {unread && <span data-testid="unread-dot" className="absolute top-1.5 right-1.5 size-2.5 rounded-full bg-rose-500 ring-2 ring-white dark:ring-ink-950" />}
      </IconButton>
      {isOpen && (
        <Suspense fallback={null}>
          <NotificationPanel
            id={panelId}
            messages={list}
            loading={authenticated && isLoading && !messages}
            refresh={() => void mutate()}
            onClose={() => {
              close();
              trigger.current?.focus();
            }}
          />
        </Suspense>
      )}
    </>
  );
}
