import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';

import type { AdminUser } from '@/features/admin/api/types';
import { customer, renderAdmin } from '@/features/admin/testing/render-admin';
import { validateAdjustment } from '@/features/admin/utils/validate';
import { server } from '@/testing/mocks/server';

let user: AdminUser;
let calls: { path: string; body: unknown; key?: string | null }[];

beforeEach(() => {
  user = { ...customer };
  calls = [];
  server.use(
    http.get('*/api/admin/users/7', () =>
      HttpResponse.json({
        success: true,
        data: { user, ban: { banned_at: null, banned_by: null, banned_by_name: null }, orders: [], orders_total: 0, topups: [], ledger: [] },
      }),
    ),
    http.post('*/api/admin/users/7/ban', async ({ request }) => {
      const body = (await request.json()) as { reason: string };
      calls.push({ path: 'ban', body });
      user = { ...user, is_banned: true, ban_reason: body.reason };
      return HttpResponse.json({ success: true, data: user });
    }),
    http.post('*/api/admin/users/7/wallet', async ({ request }) => {
      const body = (await request.json()) as { amount: number };
      calls.push({ path: 'wallet', body, key: request.headers.get('Idempotency-Key') });
      user = { ...user, wallet_amount: Number(user.wallet_amount) + body.amount };
      return HttpResponse.json({ success: true, data: {} });
    }),
  );
});

describe('deletion request', () => {
  it('marks a customer who asked for their account to be deleted', async () => {
    user = { ...customer, deletion_requested_at: '2026-11-24T08:00:00Z' };
    renderAdmin('/dashboard/users/7');
    expect(await screen.findByText('Asked to be deleted')).toBeInTheDocument();
  });
});

describe('ban', () => {
  it('needs a reason, then bans and shows the reason', async () => {
    const { user: actor } = renderAdmin('/dashboard/users/7');
    await actor.click(await screen.findByRole('button', { name: 'Ban' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Ban aungaung?' });
    await actor.click(within(dialog).getByRole('button', { name: 'Ban' }));
    expect(within(dialog).getByText('Please give a reason.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    await actor.type(within(dialog).getByLabelText(/reason shown to the user/i), 'Fake receipts');
    await actor.click(within(dialog).getByRole('button', { name: 'Ban' }));
    await waitFor(() => expect(calls).toEqual([{ path: 'ban', body: { reason: 'Fake receipts' } }]));
    expect(await screen.findByText('User banned.')).toBeInTheDocument();
    expect(await screen.findByText('Fake receipts')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unban' })).toBeInTheDocument();
  });
});

describe('wallet adjustment', () => {
  it('validates amount and reason', () => {
    expect(validateAdjustment('', '', 0, 'credit')).toEqual({ amount: 'amountInvalid', reason: 'reasonRequired' });
    expect(validateAdjustment('12.5', 'x', 0, 'credit').amount).toBe('amountInvalid');
    expect(validateAdjustment('-5', 'x', 0, 'credit').amount).toBe('amountInvalid');
    expect(validateAdjustment('100,000,001', 'x', 0, 'credit').amount).toBe('amountTooLarge');
    expect(validateAdjustment('6000', 'x', 5000, 'debit').amount).toBe('belowZero');
    expect(validateAdjustment('1,000', 'refund', 5000, 'debit')).toEqual({});
    expect(validateAdjustment('1', ' '.repeat(3), 0, 'credit').reason).toBe('reasonRequired');
  });

  it('shows errors, asks for confirmation, then posts a signed amount with an idempotency key', async () => {
    const { user: actor } = renderAdmin('/dashboard/users/7');
    await actor.click(await screen.findByRole('button', { name: 'Adjust wallet' }));
    const dialog = screen.getByRole('dialog', { name: "Adjust aungaung's wallet" });
    await actor.click(within(dialog).getByRole('button', { name: 'Review' }));
    expect(within(dialog).getByText('Enter a whole number of kyat above 0.')).toBeInTheDocument();
    expect(within(dialog).getByText('Please give a reason.')).toBeInTheDocument();

    await actor.selectOptions(within(dialog).getByLabelText('Direction'), 'debit');
    await actor.type(within(dialog).getByLabelText('Amount (Ks)'), '6000');
    await actor.type(within(dialog).getByLabelText('Reason (required)'), 'Duplicate credit');
    await actor.click(within(dialog).getByRole('button', { name: 'Review' }));
    expect(within(dialog).getByText('The wallet cannot go below 0.')).toBeInTheDocument();

    await actor.clear(within(dialog).getByLabelText('Amount (Ks)'));
    await actor.type(within(dialog).getByLabelText('Amount (Ks)'), '2,000');
    await actor.click(within(dialog).getByRole('button', { name: 'Review' }));
    expect(within(dialog).getByText('−2,000 Ks')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    await actor.click(within(dialog).getByRole('button', { name: 'Apply adjustment' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toEqual({ amount: -2000, reason: 'Duplicate credit' });
    expect(calls[0]?.key).toMatch(/[0-9a-f-]{36}/);
    expect(await screen.findByText('Wallet adjusted.')).toBeInTheDocument();
    expect(await screen.findByText('3,000 Ks')).toBeInTheDocument();
  });
});
