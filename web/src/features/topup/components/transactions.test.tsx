import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';

import { server } from '@/testing/mocks/server';
import { renderApp, signInAs } from '@/testing/test-utils';

const base = { amount: 5000, verification_amount: 37, total: 5037, payment_method: 'KBZPay', reject_reason: null, created_at: '2026-11-20T03:00:00Z', decided_at: null, receipt_id: 9 };

function history(pages: Record<string, object[]>, lastPage: number) {
  server.use(
    http.get('*/api/topup-orders', ({ request }) => {
      const page = new URL(request.url).searchParams.get('page') ?? '1';
      return HttpResponse.json({ success: true, data: { data: pages[page] ?? [], current_page: Number(page), last_page: lastPage, per_page: 12, total: 13 } });
    }),
  );
}

describe('top-up history', () => {
  it('shows every row with its status and reason, and pages through the whole history', async () => {
    signInAs();
    history(
      {
        '1': [{ ...base, id: 20, status: 'rejected', reject_reason: 'No transfer arrived' }],
        '2': [{ ...base, id: 3, status: 'cancelled' }],
      },
      2,
    );
    const { user } = renderApp('/top-up');
    const row = await screen.findByTestId('topup-20');
    expect(row).toHaveTextContent('Rejected');
    expect(row).toHaveTextContent('Not accepted: No transfer arrived');
    await user.click(within(screen.getByRole('navigation', { name: 'Top-up history pages' })).getByRole('button', { name: /2/ }));
    expect(await screen.findByTestId('topup-3')).toHaveTextContent('Cancelled');
  });

  it('cancels a pending top-up after asking, and shows an admin’s earlier decision instead', async () => {
    signInAs();
    let status = 'pending';
    server.use(
      http.get('*/api/topup-orders', () => HttpResponse.json({ success: true, data: { data: [{ ...base, id: 21, status }], current_page: 1, last_page: 1, per_page: 12, total: 1 } })),
      http.post('*/api/topup-orders/21/cancel', () => {
        status = 'confirmed';
        return HttpResponse.json({ success: false, code: 'topup_decided', message: 'This top-up was already checked.' }, { status: 409 });
      }),
    );
    const { user } = renderApp('/top-up');
    const row = await screen.findByTestId('topup-21');
    await user.click(within(row).getByRole('button', { name: 'Cancel request' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel top-up #21?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, cancel it' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('so it can no longer be cancelled');
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(await within(await screen.findByTestId('topup-21')).findByText('Confirmed')).toBeInTheDocument();
    expect(within(screen.getByTestId('topup-21')).queryByRole('button', { name: 'Cancel request' })).not.toBeInTheDocument();
  });

  it('shows the customer’s own receipt, fetched with their token', async () => {
    signInAs();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:receipt'), revokeObjectURL: vi.fn() }));
    let auth: string | null = null;
    history({ '1': [{ ...base, id: 22, status: 'pending' }] }, 1);
    server.use(
      http.get('*/api/uploads/9', ({ request }) => {
        auth = request.headers.get('Authorization');
        return new HttpResponse(new Uint8Array([137, 80, 78, 71]), { headers: { 'Content-Type': 'image/png' } });
      }),
    );
    const { user } = renderApp('/top-up');
    await user.click(within(await screen.findByTestId('topup-22')).getByRole('button', { name: 'View receipt' }));
    const dialog = await screen.findByRole('dialog', { name: 'Receipt of top-up #22' });
    expect(await within(dialog).findByRole('img', { name: 'Your payment receipt for top-up #22' })).toBeInTheDocument();
    expect(auth).toBe('Bearer test-token');
  });
});
