import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';

import { type StatementEntry } from '@/features/wallet/api/statement';
import { WalletStatement } from '@/features/wallet/components/wallet-statement';
import { server } from '@/testing/mocks/server';
import { saveUser } from '@/lib/session';
import { renderWithProviders, signInAs } from '@/testing/test-utils';

const entry = (id: number, kind: StatementEntry['kind'], amount: number, balance: number, extra: Partial<StatementEntry> = {}): StatementEntry => ({
  id,
  kind,
  amount,
  balance_after: balance,
  created_at: '2026-11-23T20:30:00Z',
  ...extra,
});

let requests: URLSearchParams[];
let newest: StatementEntry[];

beforeEach(() => {
  requests = [];
  newest = [entry(5, 'order', -4550, 10450, { order_id: 12 }), entry(4, 'adjustment', 5000, 15000, { reason: 'Goodwill credit' })];
  server.use(
    http.get('*/api/wallet/ledger', ({ request }) => {
      const params = new URL(request.url).searchParams;
      requests.push(params);
      if (params.get('cursor') === '4')
        return HttpResponse.json({ success: true, data: [entry(3, 'topup', 10000, 10000, { topup_id: 9 })], next_cursor: null, balance: 10450 });
      const data = params.get('kind') === 'topup' ? [] : newest;
      return HttpResponse.json({ success: true, data, next_cursor: data.length ? '4' : null, balance: 10450 });
    }),
  );
});

describe('WalletStatement', () => {
  it('lists entries newest first with signed amounts, links and the balance they add up to', async () => {
    renderWithProviders(<WalletStatement />);
    const list = await screen.findByRole('list', { name: 'Wallet entries' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Purchase');
    expect(rows[0]).toHaveTextContent('Order #12');
    expect(rows[0]).toHaveTextContent('−4,550 Ks');
    expect(rows[0]).toHaveTextContent('Balance 10,450 Ks');
    // Times are the store's (Asia/Yangon, UTC+6:30), not the phone's.
    expect(rows[0]).toHaveTextContent('24 Nov 2026, 03:00');
    expect(rows[1]).toHaveTextContent('Goodwill credit');
    expect(screen.getByText('Balance: 10,450 Ks')).toBeInTheDocument();
    expect(screen.getByText(/always the sum of every entry/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Show older' }));
    expect(await within(list).findByText(/Top-up #9/)).toBeInTheDocument();
    expect(requests.at(-1)?.get('cursor')).toBe('4');
    expect(screen.queryByRole('button', { name: 'Show older' })).not.toBeInTheDocument();
  });

  it('filters by type and month', async () => {
    renderWithProviders(<WalletStatement />);
    await screen.findByRole('list', { name: 'Wallet entries' });
    await userEvent.selectOptions(screen.getByLabelText('Type'), 'topup');
    expect(await screen.findByText('No wallet movements here yet.')).toBeInTheDocument();
    expect(requests.at(-1)?.get('kind')).toBe('topup');
    await userEvent.type(screen.getByLabelText('Month'), '2026-10');
    await waitFor(() => expect(requests.at(-1)?.get('month')).toBe('2026-10'));
  });

  it('refetches when the balance changes (user.updated through the realtime bridge)', async () => {
    const user = signInAs({ wallet_amount: 10450 });
    renderWithProviders(<WalletStatement />);
    const list = await screen.findByRole('list', { name: 'Wallet entries' });
    const before = requests.length;
    newest = [entry(6, 'refund', 4550, 15000, { order_id: 12 }), ...newest];
    act(() => saveUser({ ...user, wallet_amount: 15000 }));
    expect(await within(list).findByText('Refund')).toBeInTheDocument();
    expect(requests.length).toBeGreaterThan(before);
  });
});
