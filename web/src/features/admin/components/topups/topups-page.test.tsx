import { act, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { expect, it } from 'vitest';

import { paged, renderAdmin, topup } from '@/features/admin/testing/render-admin';
import { connectRealtime, fakeRealtime } from '@/testing/fake-echo';
import { server } from '@/testing/mocks/server';

it('lists pending top-ups and shows a new one when topup.created arrives on private-admins', async () => {
  connectRealtime({ key: 'k', cluster: 'mt1', forceTLS: false, token: 'test-token' });
  let list = [topup()];
  server.use(http.get('*/api/admin/topups', () => HttpResponse.json(paged(list))));
  renderAdmin('/dashboard/topups');
  expect(await screen.findByRole('link', { name: 'Review top-up #5' })).toBeInTheDocument();
  expect(screen.getByText('Overdue')).toBeInTheDocument();

  list = [topup(), topup({ id: 6, overdue: false, age_seconds: 3 })];
  await act(async () => {
    await Promise.resolve();
    fakeRealtime.emit('admins', '.topup.created', { topup: { id: 6 } });
  });
  expect(await screen.findByRole('link', { name: 'Review top-up #6' })).toBeInTheDocument();
});

it('shows who else is on the dashboard (presence-admins)', async () => {
  connectRealtime({ key: 'k', cluster: 'mt1', forceTLS: false, token: 'test-token' });
  server.use(http.get('*/api/admin/topups', () => HttpResponse.json(paged([]))));
  renderAdmin('/dashboard/topups');
  await screen.findByText('No top-ups here.');
  await act(async () => {
    await Promise.resolve();
    fakeRealtime.presence.get('admins')?.here([{ username: 'admin' }, { username: 'mya' }]);
  });
  const list = screen.getByRole('list', { name: 'Admins on the dashboard' });
  expect(list).toHaveTextContent('admin');
  expect(list).toHaveTextContent('mya');
  act(() => fakeRealtime.presence.get('admins')?.leaving({ username: 'mya' }));
  expect(list).not.toHaveTextContent('mya');
});

it('refetches the queue after the socket comes back, since events sent meanwhile are lost', async () => {
  connectRealtime({ key: 'k', cluster: 'mt1', forceTLS: false, token: 'test-token' });
  let list = [topup()];
  server.use(http.get('*/api/admin/topups', () => HttpResponse.json(paged(list))));
  renderAdmin('/dashboard/topups');
  expect(await screen.findByRole('link', { name: 'Review top-up #5' })).toBeInTheDocument();
  await act(() => Promise.resolve()); // the dashboard's realtime hook subscribes

  act(() => fakeRealtime.setState('unavailable'));
  list = [topup(), topup({ id: 6, overdue: false, age_seconds: 3 })];
  act(() => fakeRealtime.setState('connecting'));
  expect(screen.queryByRole('link', { name: 'Review top-up #6' })).not.toBeInTheDocument();
  act(() => fakeRealtime.setState('connected'));
  expect(await screen.findByRole('link', { name: 'Review top-up #6' })).toBeInTheDocument();
});
