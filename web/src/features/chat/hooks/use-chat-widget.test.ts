import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { useChatWidget } from '@/features/chat/hooks/use-chat-widget';
import type { SessionUser } from '@/types/session';

const customer: SessionUser = {
  id: 7,
  username: 'mya',
  phone_number: '+959123456789',
  email: null,
  wallet_amount: 0,
  is_admin: false,
  is_banned: false,
  ban_reason: null,
};
const admin: SessionUser = { ...customer, id: 1, username: 'boss', is_admin: true };

function chatScript() {
  return document.getElementById('chat-widget-script');
}

afterEach(() => {
  chatScript()?.remove();
  delete window.Tawk_API;
});

describe('useChatWidget', () => {
  it('loads the widget for a customer on a store page', () => {
    renderHook(() => useChatWidget('abc123/1hdef', customer, '/home'));
    expect(chatScript()?.getAttribute('src')).toBe('https://embed.tawk.to/abc123/1hdef');
  });

  it('never loads for an admin, wherever they are', () => {
    for (const path of ['/dashboard', '/search', '/privacy-policy']) {
      renderHook(() => useChatWidget('abc123/1hdef', admin, path));
    }
    expect(chatScript()).toBeNull();
  });

  it('never loads under /dashboard, even before the user is known', () => {
    for (const path of ['/dashboard', '/dashboard/topups/3']) {
      renderHook(() => useChatWidget('abc123/1hdef', null, path));
      renderHook(() => useChatWidget('abc123/1hdef', customer, path));
    }
    expect(chatScript()).toBeNull();
  });
});
