// Web Push in the service worker: the push payload (written by the server in
// the recipient's language, internal/push) becomes a notification, and a
// click on it brings the app to the page it names.

export interface PushPayload {
  title: string;
  body: string;
  /** An app path to open ("/order/12"); anything else opens /home. */
  url: string;
  /** Replaces an earlier notification with the same tag (one per order). */
  tag?: string;
}

export const ICON = '/icons/icon-192.png';
/** Android draws the badge as a white silhouette in the status bar. */
export const BADGE = '/icons/badge-96.png';

/** Reads a push message's JSON; a payload we cannot read still shows something (a silent push breaks Chrome's userVisibleOnly promise). */
export function parsePayload(text: string | undefined, fallbackTitle: string): PushPayload {
  try {
    const data = JSON.parse(text ?? '') as Partial<PushPayload>;
    if (typeof data.title === 'string' && data.title) {
      return {
        title: data.title,
        body: typeof data.body === 'string' ? data.body : '',
        url: typeof data.url === 'string' ? data.url : '/home',
        tag: typeof data.tag === 'string' && data.tag ? data.tag : undefined,
      };
    }
  } catch {
    // falls through to the fallback
  }
  return { title: fallbackTitle, body: '', url: '/home' };
}

export function notificationOptions(payload: PushPayload): NotificationOptions {
  const options: NotificationOptions & { renotify?: boolean } = { body: payload.body, icon: ICON, badge: BADGE, tag: payload.tag, data: { url: payload.url } };
  // A newer notice about the same order buzzes again instead of replacing the old one silently.
  if (payload.tag) options.renotify = true;
  return options;
}

/** The same-origin address a notification opens: a payload can never send the customer off-site. */
export function targetOf(data: unknown, origin: string): string {
  const raw = typeof data === 'object' && data !== null && 'url' in data && typeof data.url === 'string' ? data.url : '/home';
  try {
    const url = new URL(raw, origin);
    if (url.origin === origin) return url.href;
  } catch {
    // a malformed address opens /home
  }
  return new URL('/home', origin).href;
}

interface WindowLike {
  focused: boolean;
  focus(): Promise<unknown>;
  navigate(url: string): Promise<unknown>;
}

interface ClientsLike {
  matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly unknown[]>;
  openWindow(url: string): Promise<unknown>;
}

/**
 * A click focuses the app's open window (the focused one first) and takes it
 * to the target; with no window, or one this worker cannot steer (not yet
 * controlled), it opens a new one. focus() is allowed only during a real
 * click, so its refusal does not stop the navigation.
 */
export async function openTarget(clients: ClientsLike, target: string): Promise<void> {
  const windows = (await clients.matchAll({ type: 'window', includeUncontrolled: true })) as WindowLike[];
  const client = windows.find((w) => w.focused) ?? windows[0];
  if (client) {
    await client.focus().catch(() => undefined);
    try {
      await client.navigate(target);
      return;
    } catch {
      // not controlled by this worker: open a window instead
    }
  }
  await clients.openWindow(target);
}
