import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';

import { fakeRealtime } from '@/testing/fake-echo';
import { server } from '@/testing/mocks/server';
import { renderApp, signInAs } from '@/testing/test-utils';

describe('admin online beside the support links', () => {
  it('shows the flag to a signed-out visitor', async () => {
    server.use(http.get('*/api/admin-status', () => HttpResponse.json({ success: true, adminStatus: true, data: { admin_online: true } })));
    renderApp('/privacy-policy');
    expect(await screen.findByTestId('admin-online')).toHaveTextContent('An admin is online now');
  });

  it('follows the admin-status channel live', async () => {
    signInAs();
    renderApp('/home');
    const flag = await screen.findByTestId('admin-online');
    expect(flag).toHaveTextContent('Admins are away');
    await vi.waitFor(() => expect(fakeRealtime.listeners.some((l) => l.channel === 'admin-status')).toBe(true));
    fakeRealtime.emit('admin-status', '.admin-status.updated', { admin_online: true });
    expect(await screen.findByText('An admin is online now')).toBeInTheDocument();
    fakeRealtime.emit('admin-status', '.admin-status.updated', { admin_online: false });
    expect(await screen.findByText('Admins are away; we reply as soon as we are back')).toBeInTheDocument();
  });
});
