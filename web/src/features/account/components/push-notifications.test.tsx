import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { PushNotifications } from '@/features/account/components/push-notifications';
import { changeLanguage } from '@/lib/i18n';
import { server } from '@/testing/mocks/server';
import { renderWithProviders, signInAs } from '@/testing/test-utils';

// The browser's side (permission, service worker, push manager) is faked:
// jsdom has none. The server's side is MSW answering as the contract says.
const KEY = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';

let permission: NotificationPermission;
let requested: number;
let answer: NotificationPermission;
let subscription: { endpoint: string; options: { applicationServerKey: ArrayBuffer | null }; toJSON: () => object; unsubscribe: ReturnType<typeof vi.fn> } | null;
let subscribeFails: boolean;
let saved: unknown[];
let deleted: unknown[];

function fakeSubscription() {
  const sub = {
    endpoint: 'https://push.example/send/abc',
    options: { applicationServerKey: null },
    toJSON: () => ({ endpoint: sub.endpoint, expirationTime: null, keys: { p256dh: 'p', auth: 'a' } }),
    unsubscribe: vi.fn(() => {
      subscription = null;
      return Promise.resolve(true);
    }),
  };
  return sub;
}

const subscribe = () => {
  if (subscribeFails) return Promise.reject(new DOMException('Registration failed - push service not available', 'AbortError'));
  subscription = fakeSubscription();
  return Promise.resolve(subscription);
};
const pushManager = { getSubscription: () => Promise.resolve(subscription), subscribe: vi.fn(subscribe) };

beforeEach(() => {
  permission = 'default';
  answer = 'granted';
  requested = 0;
  subscription = null;
  subscribeFails = false;
  saved = [];
  deleted = [];
  pushManager.subscribe = vi.fn(subscribe);
  const registration = { pushManager };
  vi.stubGlobal('PushManager', function PushManager() {});
  vi.stubGlobal(
    'Notification',
    Object.defineProperties(function Notification() {}, {
      permission: { get: () => permission },
      requestPermission: {
        value: () => {
          requested += 1;
          permission = answer;
          return Promise.resolve(answer);
        },
      },
    }),
  );
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve(registration), getRegistration: () => Promise.resolve(registration) },
  });
  server.use(
    http.post('*/api/account/push-subscriptions', async ({ request }) => {
      saved.push(await request.json());
      return HttpResponse.json({ success: true, data: { endpoint: 'https://push.example/send/abc' } }, { status: 201 });
    }),
    http.delete('*/api/account/push-subscriptions', async ({ request }) => {
      deleted.push(await request.json());
      return HttpResponse.json({ success: true, data: {} });
    }),
  );
  signInAs();
});

afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

const toggle = () => screen.getByRole('switch', { name: 'Notifications on this phone' });

describe('PushNotifications', () => {
  it('asks for permission only when tapped, then subscribes this device and tells the server', async () => {
    renderWithProviders(<PushNotifications publicKey={KEY} />);
    await waitFor(() => expect(toggle()).toBeEnabled());
    expect(toggle()).toHaveAttribute('aria-checked', 'false');
    expect(requested).toBe(0);

    await userEvent.click(toggle());
    await waitFor(() => expect(toggle()).toHaveAttribute('aria-checked', 'true'));
    expect(requested).toBe(1);
    expect(pushManager.subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: expect.any(Uint8Array) as Uint8Array });
    const [{ applicationServerKey }] = pushManager.subscribe.mock.calls.at(-1) as unknown as [{ applicationServerKey: Uint8Array }];
    expect(applicationServerKey).toHaveLength(65);
    expect(saved).toEqual([{ endpoint: 'https://push.example/send/abc', expirationTime: null, keys: { p256dh: 'p', auth: 'a' } }]);

    await userEvent.click(toggle());
    await waitFor(() => expect(toggle()).toHaveAttribute('aria-checked', 'false'));
    expect(deleted).toEqual([{ endpoint: 'https://push.example/send/abc' }]);
    expect(subscription).toBeNull();
  });

  it('is hidden when the server has push off', () => {
    renderWithProviders(<PushNotifications publicKey="" />);
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Notifications on this phone' })).not.toBeInTheDocument();
  });

  it('says so where the browser cannot show notifications', () => {
    vi.stubGlobal('PushManager', undefined);
    Reflect.deleteProperty(window, 'PushManager');
    renderWithProviders(<PushNotifications publicKey={KEY} />);
    expect(toggle()).toBeDisabled();
    expect(toggle()).toHaveAccessibleDescription('This browser cannot show notifications. Try another browser, or add the shop to your home screen.');
  });

  it('says how to unblock notifications the customer blocked, in Burmese too', async () => {
    permission = 'denied';
    renderWithProviders(<PushNotifications publicKey={KEY} />);
    await waitFor(() => expect(toggle()).toHaveAccessibleDescription(/Notifications are blocked for this site/));
    expect(toggle()).toBeDisabled();
    await act(() => changeLanguage('my'));
    expect(screen.getByRole('switch', { name: 'ဤဖုန်းတွင် အသိပေးချက်များ' })).toHaveAccessibleDescription(/အသိပေးချက်များကို ပိတ်ထားပါသည်/);
    await act(() => changeLanguage('en'));
  });

  it('turns to blocked when the customer refuses the prompt', async () => {
    answer = 'denied';
    renderWithProviders(<PushNotifications publicKey={KEY} />);
    await waitFor(() => expect(toggle()).toBeEnabled());
    await userEvent.click(toggle());
    await waitFor(() => expect(toggle()).toHaveAccessibleDescription(/Notifications are blocked/));
    expect(pushManager.subscribe).not.toHaveBeenCalled();
  });

  it('shows an error and stays off when the push service refuses, or the server does', async () => {
    subscribeFails = true;
    renderWithProviders(<PushNotifications publicKey={KEY} />);
    await waitFor(() => expect(toggle()).toBeEnabled());
    await userEvent.click(toggle());
    expect(await screen.findByRole('alert')).toHaveTextContent('Notifications could not be turned on here. Check your connection and try again.');
    expect(toggle()).toHaveAttribute('aria-checked', 'false');

    subscribeFails = false;
    server.use(http.post('*/api/account/push-subscriptions', () => HttpResponse.json({ success: false, code: 'push_disabled', message: 'off' }, { status: 409 })));
    await userEvent.click(toggle());
    await waitFor(() => expect(pushManager.subscribe).toHaveBeenCalledTimes(2));
    expect(await screen.findByRole('alert')).toHaveTextContent('Notifications could not be turned on here.');
    expect(toggle()).toHaveAttribute('aria-checked', 'false');
    expect(subscription).toBeNull(); // not left subscribed with a server that does not know it
  });

  it('shows on for a device already subscribed, and binds it to this session', async () => {
    permission = 'granted';
    subscription = fakeSubscription();
    renderWithProviders(<PushNotifications publicKey={KEY} />);
    await waitFor(() => expect(toggle()).toHaveAttribute('aria-checked', 'true'));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(requested).toBe(0);
  });
});
