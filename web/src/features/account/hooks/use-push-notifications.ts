import { useCallback, useEffect, useState } from 'react';

import { deletePushSubscription, savePushSubscription } from '@/features/account/api/push';

/**
 * - hidden: the server has push off (no VAPID key).
 * - unsupported: this browser has no service workers, Push API or notifications.
 * - denied: the customer (or the browser) blocked notifications for the site.
 */
export type PushState = 'hidden' | 'unsupported' | 'checking' | 'denied' | 'off' | 'on';
export type PushError = 'subscribe' | 'unsubscribe' | null;

/** The service worker takes a moment to register after load (lib/service-worker.ts); a tap waits this long for it. */
const READY_MS = 10_000;

function supported(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** The VAPID key as the Push API wants it: base64url text to bytes. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

function sameKey(subscription: PushSubscription, key: Uint8Array): boolean {
  const current = subscription.options.applicationServerKey;
  if (!current) return true;
  const bytes = new Uint8Array(current);
  return bytes.length === key.length && bytes.every((b, i) => b === key[i]);
}

async function readyRegistration(): Promise<ServiceWorkerRegistration> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('no service worker')), READY_MS);
  });
  try {
    return await Promise.race([navigator.serviceWorker.ready, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The account page's "Notifications on this phone" switch. The browser's
 * permission is asked only when the customer turns it on (a prompt on page
 * load is what gets sites blocked); on subscribes this device and tells the
 * server, off unsubscribes it and tells the server.
 */
export function usePushNotifications(publicKey: string | undefined) {
  const fixed: PushState | null = !publicKey ? 'hidden' : supported() ? null : 'unsupported';
  const [checked, setState] = useState<PushState | null>(null);
  const [error, setError] = useState<PushError>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (fixed) return;
    let live = true;
    const check = async (): Promise<PushState> => {
      if (Notification.permission === 'denied') return 'denied';
      if (Notification.permission !== 'granted') return 'off';
      const registration = await navigator.serviceWorker.getRegistration('/');
      const subscription = await registration?.pushManager.getSubscription();
      if (!subscription) return 'off';
      // Another account may have signed in on this phone since: bind the
      // subscription to this session (the server keeps one per endpoint).
      void savePushSubscription(subscription.toJSON()).catch(() => undefined);
      return 'on';
    };
    check().then(
      (next) => live && setState(next),
      () => live && setState('off'),
    );
    return () => {
      live = false;
    };
  }, [fixed]);

  const turnOn = useCallback(async () => {
    if (!publicKey) return;
    setBusy(true);
    setError(null);
    try {
      const permission = await Notification.requestPermission();
      if (permission === 'denied') return setState('denied');
      if (permission !== 'granted') return; // the prompt was dismissed: still off, ask again next tap
      const registration = await readyRegistration();
      const key = keyBytes(publicKey);
      let subscription = await registration.pushManager.getSubscription();
      if (subscription && !sameKey(subscription, key)) {
        await subscription.unsubscribe(); // made for an earlier server key: useless now
        subscription = null;
      }
      subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
      try {
        await savePushSubscription(subscription.toJSON());
      } catch (cause) {
        await subscription.unsubscribe().catch(() => undefined); // the server does not know it: do not leave it half on
        throw cause;
      }
      setState('on');
    } catch (cause) {
      console.warn('Could not turn notifications on', cause);
      setError('subscribe');
    } finally {
      setBusy(false);
    }
  }, [publicKey]);

  const turnOff = useCallback(async () => {
    setBusy(true);
    setError(null);
    try {
      const registration = await navigator.serviceWorker.getRegistration('/');
      const subscription = await registration?.pushManager.getSubscription();
      if (subscription) {
        // Unsubscribing is what stops notifications; if the server missed the
        // DELETE, the push service answers its next send 410 and it forgets it then.
        await deletePushSubscription(subscription.endpoint).catch(() => undefined);
        await subscription.unsubscribe();
      }
      setState('off');
    } catch (cause) {
      console.warn('Could not turn notifications off', cause);
      setError('unsubscribe');
    } finally {
      setBusy(false);
    }
  }, []);

  return { state: fixed ?? checked ?? 'checking', error, busy, turnOn, turnOff };
}
