import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { customer, renderAdmin, topup } from '@/features/admin/testing/render-admin';
import { server } from '@/testing/mocks/server';

function detail(overrides = {}) {
  return {
    topup: topup(overrides),
    receipt: { upload_id: 9, url: '/api/uploads/9', content_type: 'image/png', size: 10, width: 4, height: 4, deleted: false },
    duplicate_receipt: true,
    duplicates: [{ upload_id: 3, user_id: 8, username: 'kyawkyaw', topup_id: 2, topup_status: 'confirmed', created_at: '2026-11-20T03:00:00Z' }],
    customer,
    history: { topups: [], orders: [], recent_confirmed: 1, recent_rejected: 0 },
  };
}

describe('top-up review', () => {
  let posted: { path: string; body: unknown }[];
  let receiptAuth: string | null;

  beforeEach(() => {
    posted = [];
    receiptAuth = null;
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:receipt'), revokeObjectURL: vi.fn() }));
    let state = detail();
    server.use(
      http.get('*/api/admin/topups/5', () => HttpResponse.json({ success: true, data: state })),
      http.get('*/api/uploads/9', ({ request }) => {
        receiptAuth = request.headers.get('Authorization');
        return new HttpResponse(new Uint8Array([137, 80, 78, 71]), { headers: { 'Content-Type': 'image/png' } });
      }),
      http.post('*/api/admin/topups/5/confirm', () => {
        posted.push({ path: 'confirm', body: null });
        state = detail({ status: 'confirmed', decided_at: '2026-11-22T03:04:00Z', overdue: false });
        return HttpResponse.json({ success: true, data: state.topup });
      }),
      http.post('*/api/admin/topups/5/reject', async ({ request }) => {
        const body = await request.json();
        posted.push({ path: 'reject', body });
        state = detail({ status: 'rejected', reject_reason: 'No transfer', decided_at: '2026-11-22T03:04:00Z' });
        return HttpResponse.json({ success: true, data: state.topup });
      }),
    );
  });

  it('shows the receipt (fetched with the admin token), the exact total and the duplicate flag', async () => {
    renderAdmin('/dashboard/topups/5');
    expect(await screen.findByRole('img', { name: /transfer receipt/i })).toHaveAttribute('src', 'blob:receipt');
    expect(receiptAuth).toBe('Bearer test-token');
    expect(screen.getByText(/duplicate receipt/i)).toBeInTheDocument();
    expect(screen.getAllByText('50,037 Ks').length).toBeGreaterThan(0);
    expect(screen.getByText('Overdue', { selector: 'span' })).toBeInTheDocument();
  });

  it('confirms only after the confirmation dialog', async () => {
    const { user } = renderAdmin('/dashboard/topups/5');
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Confirm top-up #5?' });
    expect(posted).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(posted).toEqual([{ path: 'confirm', body: null }]);
    expect(await screen.findByText('Confirmed')).toBeInTheDocument();
  });

  it('refuses to reject without a reason, then sends the reason', async () => {
    const { user } = renderAdmin('/dashboard/topups/5');
    await user.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Reject top-up #5?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(within(dialog).getByText('Please give a reason.')).toBeInTheDocument();
    expect(posted).toHaveLength(0);
    await user.type(within(dialog).getByLabelText(/reason shown to the customer/i), 'No transfer');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(posted).toEqual([{ path: 'reject', body: { reason: 'No transfer' } }]));
    expect(await screen.findByText('No transfer')).toBeInTheDocument();
  });

  it('keeps the dialog open with the server’s answer when the top-up was already decided', async () => {
    server.use(http.post('*/api/admin/topups/5/confirm', () => HttpResponse.json({ success: false, message: 'This top-up was already decided.' }, { status: 409 })));
    const { user } = renderAdmin('/dashboard/topups/5');
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    const dialog = screen.getByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This top-up was already decided.');
  });
});
