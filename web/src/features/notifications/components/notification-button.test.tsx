import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';

import type { InboxMessage } from '@/features/notifications/api/messages';
import { fakeRealtime } from '@/testing/fake-echo';
import { server } from '@/testing/mocks/server';
import { renderApp, signInAs } from '@/testing/test-utils';

const now = new Date().toISOString();
const messages: InboxMessage[] = [
  { id: 2, title: 'DEMO-ABCD-1234-01', body: 'Your Valorant code.', user_id: 1, created_at: now, is_read: false, product: { id: 9, name: '475 VP', service: { name: 'Code' } }, title_code: null, body_code: null, params: null },
  { id: 1, title: 'Welcome to Shwe Top-Up', body: 'Line one\nline two\nline three', user_id: 1, created_at: now, is_read: true, product: null, title_code: null, body_code: null, params: null },
];

function setup(list: InboxMessage[] = messages, path = '/search') {
  signInAs({ id: 1 });
  let current = [...list];
  const reads: number[] = [];
  server.use(
    http.get('*/api/message/1', () => HttpResponse.json({ success: true, messages: current })),
    http.patch('*/api/messages/:id/read', ({ params }) => {
      reads.push(Number(params.id));
      current = current.map((item) => (item.id === Number(params.id) ? { ...item, is_read: true } : item));
      return HttpResponse.json({ success: true });
    }),
    http.delete('*/api/messages/:id', ({ params }) => {
      current = current.filter((item) => item.id !== Number(params.id));
      return HttpResponse.json({ success: true });
    }),
  );
  return { reads, ...renderApp(path) };
}

async function openPanel(user: ReturnType<typeof setup>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Open notifications (unread messages)' }));
  return screen.findByRole('dialog', { name: 'Notifications (2)' });
}

describe('notification panel (docs/spec.md §2, §4)', () => {
  // A push notification of a message opens the app at ?messages=open.
  it('opens at ?messages=open, and the address drops it', async () => {
    const { router } = setup(messages, '/home?messages=open');
    expect(await screen.findByRole('dialog', { name: 'Notifications (2)' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('shows the red dot, the count, and More marks an unread message read', async () => {
    const { user, reads } = setup();
    expect(await screen.findByTestId('unread-dot')).toBeInTheDocument();
    const panel = await openPanel(user);
    // The lock is an effect: it lands once React has committed the panel.
    await waitFor(() => expect(document.body.style.overflow).toBe('hidden'));
    const items = within(panel).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getAllByTestId('message-body')[0]!).toHaveClass('line-clamp-2');
    await user.click(within(items[0]!).getByRole('button', { name: 'More' }));
    expect(within(items[0]!).getByRole('button', { name: 'Less' })).toBeInTheDocument();
    await waitFor(() => expect(reads).toEqual([2]));
    await waitFor(() => expect(screen.queryByTestId('unread-dot')).not.toBeInTheDocument());
    // A read message expands without another call.
    await user.click(within(items[1]!).getByRole('button', { name: 'More' }));
    expect(reads).toEqual([2]);
  });

  it('undoes the expansion when marking read fails', async () => {
    const { user } = setup();
    server.use(http.patch('*/api/messages/:id/read', () => HttpResponse.json({ success: false }, { status: 500 })));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const panel = await openPanel(user);
    const first = within(panel).getAllByRole('listitem')[0]!;
    await user.click(within(first).getByRole('button', { name: 'More' }));
    await waitFor(() => expect(within(first).getByRole('button', { name: 'More' })).toBeInTheDocument());
    expect(warn).toHaveBeenCalled();
  });

  it('shows a code message as a click-to-copy title', async () => {
    const { user } = setup();
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('isSecureContext', true);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const panel = await openPanel(user);
    await user.click(within(panel).getByRole('button', { name: 'Copy code' }));
    expect(writeText).toHaveBeenCalledWith('DEMO-ABCD-1234-01');
    expect(await within(panel).findByText('Copied!')).toBeInTheDocument();
  });

  it('deletes after the confirm with the Burmese warning', async () => {
    const { user } = setup();
    const panel = await openPanel(user);
    await user.click(within(panel).getAllByRole('button', { name: 'Delete message' })[1]!);
    const confirm = screen.getByRole('alertdialog', { name: 'Delete Message' });
    expect(confirm).toHaveTextContent('ဤစာကို ဖျက်မှာ သေချာပါသလား?');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('dialog', { name: 'Notifications (1)' })).toBeInTheDocument();
    expect(screen.queryByText('Welcome to Shwe Top-Up')).not.toBeInTheDocument();
  });

  it('puts a pushed message at the top', async () => {
    const { user } = setup();
    const panel = await openPanel(user);
    await waitFor(() => expect(fakeRealtime.listeners.length).toBeGreaterThan(0));
    const pushed = { id: 3, title: 'Top-up confirmed', body: '5,137 Ks added.', user_id: 1, created_at: now, is_read: false };
    server.use(http.get('*/api/message/1', () => HttpResponse.json({ success: true, messages: [pushed, ...messages] })));
    act(() => fakeRealtime.emit('user.1', '.user.message.sent', pushed));
    await waitFor(() => expect(within(panel).getAllByRole('listitem')[0]!).toHaveTextContent('Top-up confirmed'));
  });

  it('is empty when signed out', async () => {
    const { user } = renderApp('/search');
    await user.click(await screen.findByRole('button', { name: 'Open notifications' }));
    expect(await screen.findByText('No notifications yet')).toBeInTheDocument();
  });
});
