import { describe, expect, it, vi } from 'vitest';

import { notificationOptions, openTarget, parsePayload, targetOf } from './notifications';

const origin = 'https://shop.example';

function windowClient(focused: boolean, navigates = true) {
  return {
    focused,
    focus: vi.fn(() => Promise.reject(new Error('InvalidAccessError: not allowed to focus'))),
    navigate: vi.fn((url: string) => (navigates ? Promise.resolve(url) : Promise.reject(new TypeError('not controlled')))),
  };
}

function clientsWith(...windows: ReturnType<typeof windowClient>[]) {
  return { matchAll: vi.fn(() => Promise.resolve(windows)), openWindow: vi.fn(() => Promise.resolve(null)) };
}

describe('the push payload', () => {
  it('becomes a notification with the icon, the badge, the tag and the page to open', () => {
    const payload = parsePayload('{"title":"ငွေဖြည့်မှု အတည်ပြုပြီး","body":"၅,၀၀၀ ကျပ်","url":"/wallet","tag":"topup-7"}', 'Shwe Top-Up');
    expect(payload).toEqual({ title: 'ငွေဖြည့်မှု အတည်ပြုပြီး', body: '၅,၀၀၀ ကျပ်', url: '/wallet', tag: 'topup-7' });
    expect(notificationOptions(payload)).toEqual({
      body: '၅,၀၀၀ ကျပ်',
      icon: '/icons/icon-192.png',
      badge: '/icons/badge-96.png',
      tag: 'topup-7',
      renotify: true,
      data: { url: '/wallet' },
    });
  });

  it('still shows something when it cannot be read', () => {
    expect(parsePayload('not json', 'Shwe Top-Up')).toEqual({ title: 'Shwe Top-Up', body: '', url: '/home' });
    expect(parsePayload(undefined, 'Shwe Top-Up').title).toBe('Shwe Top-Up');
    expect(notificationOptions(parsePayload('{}', 'Shwe Top-Up'))).not.toHaveProperty('renotify', true);
  });
});

describe('a click on a notification', () => {
  it('opens only this site: another origin or a malformed address opens /home', () => {
    expect(targetOf({ url: '/orders/12' }, origin)).toBe(`${origin}/orders/12`);
    expect(targetOf({ url: 'https://evil.example/x' }, origin)).toBe(`${origin}/home`);
    expect(targetOf({ url: '//evil.example/x' }, origin)).toBe(`${origin}/home`);
    expect(targetOf(null, origin)).toBe(`${origin}/home`);
  });

  it('takes the focused window of the app to the page, even when focusing is refused', async () => {
    const other = windowClient(false);
    const focused = windowClient(true);
    const clients = clientsWith(other, focused);
    await openTarget(clients, `${origin}/wallet`);
    expect(focused.focus).toHaveBeenCalled();
    expect(focused.navigate).toHaveBeenCalledWith(`${origin}/wallet`);
    expect(other.navigate).not.toHaveBeenCalled();
    expect(clients.openWindow).not.toHaveBeenCalled();
  });

  it('opens a window when no window of the app is open, or the open one cannot be steered', async () => {
    const none = clientsWith();
    await openTarget(none, `${origin}/wallet`);
    expect(none.openWindow).toHaveBeenCalledWith(`${origin}/wallet`);

    const uncontrolled = clientsWith(windowClient(false, false));
    await openTarget(uncontrolled, `${origin}/orders/3`);
    expect(uncontrolled.openWindow).toHaveBeenCalledWith(`${origin}/orders/3`);
  });
});
