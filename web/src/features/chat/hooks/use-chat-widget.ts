import { useEffect } from 'react';

import type { User } from '@/types/api';

// SPEC §1 live chat (a Tawk.to-style widget). Loaded only when a widget id is
// configured; it learns the signed-in user's display name and e-mail.

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
export function chatIdentity(user: User | null): { name: string; email: string } {
  const name = user?.username?.trim() || 'Guest';
  const email = user?.email?.trim();
  if (email) return { name, email };
  const local = user?.phone_number?.replace(/[^\d+]/g, '').replace(/^\+/, '') || 'guest';
  return { name, email: `${local}@${NO_EMAIL_DOMAIN}` };
}

const SCRIPT_ID = 'chat-widget-script';

function sendIdentity(user: User | null) {
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

export function useChatWidget(widgetId: string | undefined, user: User | null) {
  useEffect(() => {
    if (!widgetId || !/^[\w-]+(\/[\w-]+)?$/.test(widgetId)) return;
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
  }, [widgetId, user]);
}
