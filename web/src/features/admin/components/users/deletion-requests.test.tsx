import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { renderAdmin } from '@/features/admin/testing/render-admin';
import { server } from '@/testing/mocks/server';
import type { DeletionRequest } from '@/types/api';

describe('accounts to delete', () => {
  it('lists the requests on the users page and completes one after asking, keeping the refusal of a wallet with money', async () => {
    let waiting: DeletionRequest[] = [
      { user_id: 7, username: 'aungaung', phone_number: '+959123456789', wallet_amount: 0, requested_at: '2026-11-24T08:00:00Z' },
      { user_id: 8, username: 'mama', phone_number: '+959123456780', wallet_amount: 500, requested_at: '2026-11-24T09:00:00Z' },
    ];
    const completed: string[] = [];
    server.use(
      http.get('*/api/admin/account-deletions', () => HttpResponse.json({ success: true, data: waiting })),
      http.get('*/api/admin/users', () => HttpResponse.json({ success: true, data: { data: [], current_page: 1, last_page: 1, per_page: 20, total: 0 } })),
      http.post('*/api/admin/users/:id/delete', ({ params }) => {
        if (params.id === '8')
          return HttpResponse.json(
            { success: false, code: 'balance_not_zero', message: 'Your wallet still holds 500 Ks.', params: { amount: 500 } },
            { status: 409 },
          );
        completed.push(String(params.id));
        waiting = waiting.filter((item) => String(item.user_id) !== params.id);
        return HttpResponse.json({ success: true, message: 'Account deleted.' });
      }),
    );
    const { user } = renderAdmin('/dashboard/users');
    const table = await screen.findByRole('region', { name: 'Accounts to delete' });
    const rows = within(table).getAllByRole('row').slice(1);
    const row = (index: number) => rows[index] as HTMLElement;
    expect(rows).toHaveLength(2);

    await user.click(within(row(1)).getByRole('button', { name: 'Delete account' }));
    let dialog = screen.getByRole('alertdialog', { name: "Delete mama's account?" });
    await user.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    expect(await within(dialog).findByText(/500 Ks/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await user.click(within(row(0)).getByRole('button', { name: 'Delete account' }));
    dialog = screen.getByRole('alertdialog', { name: "Delete aungaung's account?" });
    await user.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    await waitFor(() => expect(completed).toEqual(['7']));
    await waitFor(() => expect(within(screen.getByRole('region', { name: 'Accounts to delete' })).getAllByRole('row')).toHaveLength(2));
  });
});
