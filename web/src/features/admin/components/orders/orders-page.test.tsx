import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, expect, it } from 'vitest';

import { order, paged, renderAdmin } from '@/features/admin/testing/render-admin';
import { server } from '@/testing/mocks/server';

let calls: { path: string; body: unknown }[];
let current = order();

beforeEach(() => {
  calls = [];
  current = order();
  server.use(
    http.get('*/api/admin/orders/queue', () => HttpResponse.json(paged(current.status === 'completed' || current.status === 'failed' ? [] : [current]))),
    http.post('*/api/admin/orders/31/claim', () => {
      calls.push({ path: 'claim', body: null });
      current = order({ status: 'processing', claimed_by: 1, claimed_by_name: 'admin', claimed_at: '2026-11-22T03:01:00Z' });
      return HttpResponse.json({ success: true, data: current });
    }),
    http.post('*/api/admin/orders/31/complete', async ({ request }) => {
      calls.push({ path: 'complete', body: await request.json() });
      current = order({ status: 'completed' });
      return HttpResponse.json({ success: true, data: current });
    }),
    http.post('*/api/admin/orders/31/fail', async ({ request }) => {
      calls.push({ path: 'fail', body: await request.json() });
      current = order({ status: 'failed' });
      return HttpResponse.json({ success: true, data: current });
    }),
  );
});

it('shows the game and server ids, claims, then marks delivered after confirming', async () => {
  const { user } = renderAdmin('/dashboard/orders');
  const card = (await screen.findByRole('link', { name: '#31 · 86 Diamonds' })).closest('li') as HTMLElement;
  expect(within(card).getByText('123456789')).toBeInTheDocument();
  expect(within(card).getByText('2001')).toBeInTheDocument();
  await user.click(within(card).getByRole('button', { name: 'Claim' }));
  expect(await within(card).findByText('Claimed by admin')).toBeInTheDocument();
  await user.click(within(card).getByRole('button', { name: 'Mark delivered' }));
  const dialog = screen.getByRole('alertdialog', { name: 'Mark order #31 delivered?' });
  await user.click(within(dialog).getByRole('button', { name: 'Mark delivered' }));
  await waitFor(() => expect(calls.map((call) => call.path)).toEqual(['claim', 'complete']));
  expect(calls[1]?.body).toEqual({ override: false });
  expect(await screen.findByText('No orders here.')).toBeInTheDocument();
});

it('fails an order only with a reason', async () => {
  const { user } = renderAdmin('/dashboard/orders');
  await user.click(await screen.findByRole('button', { name: 'Fail and refund' }));
  const dialog = screen.getByRole('alertdialog', { name: 'Fail order #31?' });
  await user.click(within(dialog).getByRole('button', { name: 'Fail and refund' }));
  expect(within(dialog).getByText('Please give a reason.')).toBeInTheDocument();
  expect(calls).toHaveLength(0);
  await user.type(within(dialog).getByLabelText('Reason (required)'), 'Wrong server ID');
  await user.click(within(dialog).getByRole('button', { name: 'Fail and refund' }));
  await waitFor(() => expect(calls).toEqual([{ path: 'fail', body: { reason: 'Wrong server ID', override: false } }]));
});
