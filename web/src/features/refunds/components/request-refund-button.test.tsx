import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';

import { canRequestRefund, type Refund } from '@/features/refunds/api/refunds';
import { RequestRefundButton } from '@/features/refunds/components/request-refund-button';
import { server } from '@/testing/mocks/server';
import { renderWithProviders, signInAs } from '@/testing/test-utils';
import type { Order } from '@/types/api';

const hour = 60 * 60 * 1000;

function order(overrides: Partial<Order> = {}): Order {
  const base: Order = {
    id: 41,
    product: { id: 3, name: '325 UC', service: { name: 'Top Up' } },
    product_kind: 'coin',
    game_name: 'PUBG Mobile',
    price: 5000,
    service_charge: 50,
    total_price: 5050,
    payment_status: 'pending',
    game_uid: '5550001',
    server_id: '',
    fail_reason: null,
    meta: null,
    code: null,
    created_at: new Date(Date.now() - hour).toISOString(),
    completed_at: null,
  };
  return Object.assign(base, overrides);
}

function refund(overrides: Partial<Refund> = {}): Refund {
  return {
    id: 9,
    order_id: 41,
    user_id: 1,
    ground: 'undelivered',
    reason: 'Not received',
    screenshot_id: null,
    status: 'requested',
    amount: 5050,
    decision_reason: null,
    created_at: new Date().toISOString(),
    decided_at: null,
    ...overrides,
  };
}

let refunds: Refund[];
let posted: unknown[];

beforeEach(() => {
  signInAs();
  refunds = [];
  posted = [];
  server.use(
    http.get('*/api/refunds', () => HttpResponse.json({ success: true, data: refunds })),
    http.post('*/api/orders/41/refund', async ({ request }) => {
      const body = await request.json();
      posted.push(body);
      if ((body as { reason: string }).reason === 'late') {
        return HttpResponse.json({ success: false, code: 'refund_window_closed', message: 'Refunds can only be requested within 24 hours of the purchase.' }, { status: 422 });
      }
      refunds = [refund()];
      return HttpResponse.json({ success: true, data: refunds[0] }, { status: 201 });
    }),
  );
});

describe('canRequestRefund', () => {
  const now = Date.parse('2026-11-24T12:00:00Z');
  const at = (hoursAgo: number) => new Date(now - hoursAgo * hour).toISOString();
  it.each([
    ['a pending order within 24 h', order({ created_at: at(23) }), undefined, true],
    ['a pending order after 24 h', order({ created_at: at(25) }), undefined, false],
    ['delivered coins', order({ payment_status: 'completed', created_at: at(1) }), undefined, false],
    ['a delivered code', order({ payment_status: 'completed', product_kind: 'code', created_at: at(1) }), undefined, true],
    ['a delivered account', order({ payment_status: 'completed', product_kind: 'account', created_at: at(1) }), undefined, true],
    ['a failed order (refunded already)', order({ payment_status: 'failed', created_at: at(1) }), undefined, false],
    ['a refunded order', order({ payment_status: 'refunded', created_at: at(1) }), undefined, false],
    ['an order with a request waiting', order({ created_at: at(1) }), refund(), false],
    ['an order whose request was denied', order({ created_at: at(1) }), refund({ status: 'denied' }), true],
  ])('%s', (_name, o, latest, want) => {
    expect(canRequestRefund(o, latest, now)).toBe(want);
  });
});

describe('RequestRefundButton', () => {
  it('asks with a reason, then shows the request as waiting', async () => {
    const { user } = renderWithProviders(<RequestRefundButton order={order()} />);
    await user.click(await screen.findByRole('button', { name: 'Request refund' }));
    const dialog = screen.getByRole('dialog', { name: 'Refund for order #41' });
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(within(dialog).getByText('Please tell us why you want a refund.')).toBeInTheDocument();
    expect(posted).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('What went wrong?'), 'Not received after an hour');
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(posted).toEqual([{ reason: 'Not received after an hour' }]));
    expect(await screen.findByText('Refund requested')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Request refund' })).not.toBeInTheDocument();
  });

  it('refuses a screenshot that is not a JPG or PNG before uploading', async () => {
    const { user } = renderWithProviders(<RequestRefundButton order={order()} />);
    await user.click(await screen.findByRole('button', { name: 'Request refund' }));
    const dialog = screen.getByRole('dialog');
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['gif'], 'shot.gif', { type: 'image/gif' })] } });
    expect(within(dialog).getByText('Only JPG, JPEG, PNG images are allowed')).toBeInTheDocument();
  });

  it("says the server's refusal in the customer's words by its code", async () => {
    const { user } = renderWithProviders(<RequestRefundButton order={order()} />);
    await user.click(await screen.findByRole('button', { name: 'Request refund' }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText('What went wrong?'), 'late');
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await within(dialog).findByText('Refunds can only be requested within 24 hours of buying.')).toBeInTheDocument();
  });

  it("shows a decision with the admin's reason and offers nothing after 24 hours", async () => {
    refunds = [refund({ status: 'denied', decision_reason: 'Delivered at 10:02' })];
    renderWithProviders(<RequestRefundButton order={order({ created_at: new Date(Date.now() - 30 * hour).toISOString() })} />);
    expect(await screen.findByText('Refund declined')).toBeInTheDocument();
    expect(screen.getByText('Delivered at 10:02')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Request refund' })).not.toBeInTheDocument();
  });
});
