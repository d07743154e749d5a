import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, expect, it } from 'vitest';

import type { AdminRefund } from '@/features/admin/api/refunds';
import { order, paged, renderAdmin } from '@/features/admin/testing/render-admin';
import { server } from '@/testing/mocks/server';

function refund(overrides: Partial<AdminRefund> = {}): AdminRefund {
  return {
    id: 9,
    order_id: 31,
    user_id: 7,
    ground: 'not_working',
    reason: 'The code says already redeemed',
    screenshot_id: null,
    status: 'requested',
    amount: 22550,
    decision_reason: null,
    created_at: '2026-11-22T03:00:00Z',
    decided_at: null,
    user: { id: 7, username: 'aungaung', phone_number: '+959123456789' },
    order: order({ product_kind: 'code', product_name: '$5 Steam Wallet Code', status: 'completed', completed_at: '2026-11-22T03:00:00Z', total_price: 22550 }),
    screenshot_url: null,
    restockable: true,
    restocked: false,
    decided_by: null,
    decided_by_name: null,
    history: { orders: 4, refunds_approved: 1, refunds_denied: 0, refunds_open: 1 },
    ...overrides,
  };
}

let calls: { path: string; body: unknown }[];
let current: AdminRefund[];

beforeEach(() => {
  calls = [];
  current = [refund()];
  server.use(
    http.get('*/api/admin/refunds', () => HttpResponse.json(paged(current))),
    http.post('*/api/admin/refunds/9/approve', async ({ request }) => {
      calls.push({ path: 'approve', body: await request.json() });
      current = [];
      return HttpResponse.json({ success: true, data: refund({ status: 'approved' }) });
    }),
    http.post('*/api/admin/refunds/9/deny', async ({ request }) => {
      calls.push({ path: 'deny', body: await request.json() });
      current = [];
      return HttpResponse.json({ success: true, data: refund({ status: 'denied' }) });
    }),
  );
});

it("shows the request with its order, delivery and the customer's history, and approves with the code back in stock", async () => {
  const { user } = renderAdmin('/dashboard/refunds');
  const card = (await screen.findByRole('link', { name: '#31 · $5 Steam Wallet Code' })).closest('li') as HTMLElement;
  expect(within(card).getByText('The code says already redeemed')).toBeInTheDocument();
  expect(within(card).getByText(/Delivered, does not work/)).toBeInTheDocument();
  expect(within(card).getByText('4 orders · refunds: 1 approved, 0 denied, 1 waiting')).toBeInTheDocument();
  await user.click(within(card).getByRole('button', { name: 'Approve refund' }));
  const dialog = screen.getByRole('alertdialog', { name: 'Refund order #31?' });
  await user.click(within(dialog).getByLabelText('The code was never used: put it back on sale'));
  await user.click(within(dialog).getByRole('button', { name: 'Approve refund' }));
  await waitFor(() => expect(calls).toEqual([{ path: 'approve', body: { reason: '', restock: true } }]));
  expect(await screen.findByText('No refund requests here.')).toBeInTheDocument();
});

it('denies only with a reason, and offers no restock for an account', async () => {
  current = [refund({ restockable: false, order: order({ product_kind: 'account', status: 'completed' }) })];
  const { user } = renderAdmin('/dashboard/refunds');
  await user.click(await screen.findByRole('button', { name: 'Approve refund' }));
  expect(screen.queryByLabelText('The code was never used: put it back on sale')).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Cancel' }));
  await user.click(screen.getByRole('button', { name: 'Deny' }));
  const dialog = screen.getByRole('alertdialog', { name: 'Deny the refund of order #31?' });
  await user.click(within(dialog).getByRole('button', { name: 'Deny' }));
  expect(within(dialog).getByText('Please give a reason.')).toBeInTheDocument();
  await user.type(within(dialog).getByLabelText('Reason the customer sees'), 'The login works: checked at 10:05');
  await user.click(within(dialog).getByRole('button', { name: 'Deny' }));
  await waitFor(() => expect(calls).toEqual([{ path: 'deny', body: { reason: 'The login works: checked at 10:05' } }]));
});
