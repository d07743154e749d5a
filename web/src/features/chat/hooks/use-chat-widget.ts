import { useEffect } from 'react';

import { paths } from '@/config/paths';
import type { SessionUser } from '@/types/session';

// docs/spec.md §1 live chat (a Tawk.to-style widget). Loaded only when a widget id is
// configured; it learns the signed-in user's display name and e-mail.
// Never for an admin or under /dashboard: a third-party script runs with the
// page's rights and could read the admin's token cookie. The admin's page is
// a fresh load after login (a full redirect), so a widget loaded earlier for
// the guest never reaches it.

export const NO_EMAIL_DOMAIN = 'no-email.local';

interface ChatApi {
  onLoad?: () => void;
  setAttributes?: (attributes: Record<string, string>, callback?: (error?: unknown) => void) => void;
}

declare global {
  interface Window {
    Tawk_API?: ChatApi;
    Tawk_LoadStart?: Date;
  }
}

/** The name and e-mail the widget receives; a placeholder address when the user has none. */
export function chatIdentity(user: SessionUser | null): { name: string; email: string } {
  const name = user?.username?.trim() || 'Guest';
  const email = user?.email?.trim();
  if (email) return { name, email };
  const local = user?.phone_number?.replace(/[^\d+]/g, '').replace(/^\+/, '') || 'guest';
  return { name, email: `${local}@${NO_EMAIL_DOMAIN}` };
}

const SCRIPT_ID = 'chat-widget-script';

function sendIdentity(user: SessionUser | null) {
  const chat = window.Tawk_API;
  if (!chat?.setAttributes) return;
  try {
    chat.setAttributes(chatIdentity(user), (error) => {
      if (error) console.warn('Chat widget: setting attributes failed', error);
    });
  } catch (error) {
    console.warn('Chat widget: setting attributes failed', error);
  }
}

/** Whether the widget may load for `user` on `pathname`. */
export function chatAllowed(user: SessionUser | null, pathname: string): boolean {
  return !user?.is_admin && pathname !== paths.dashboard && !pathname.startsWith(`${paths.dashboard}/`);
}

export function useChatWidget(widgetId: string | undefined, user: SessionUser | null, pathname: string) {
  const allowed = chatAllowed(user, pathname);
  useEffect(() => {
    if (!allowed || !widgetId || !/^[\w-]+(\/[\w-]+)?$/.test(widgetId)) return;
    const chat: ChatApi = (window.Tawk_API ??= {});
    chat.onLoad = () => sendIdentity(user);
    if (document.getElementById(SCRIPT_ID)) {
      sendIdentity(user);
      return;
    }
    window.Tawk_LoadStart = new Date();
    const script = document.createElement('script');
    script.id = SCRIPT_ID;
    script.async = true;
    script.src = `https://embed.tawk.to/${widgetId}`;
    script.charset = 'UTF-8';
    script.crossOrigin = 'anonymous';
    document.body.appendChild(script);
  }, [allowed, widgetId, user]);
}
