import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import type { TopupChecks } from '@/features/admin/api/types';
import { checks, customer, flaggedChecks, paged, renderAdmin, topup } from '@/features/admin/testing/render-admin';
import { changeLanguage } from '@/lib/i18n';
import { server } from '@/testing/mocks/server';

// The receipt checks on the queue and the top-up page, and what confirming
// takes for each verdict (docs/receipt-checks.md).

function detail(topupChecks: TopupChecks | undefined, status = 'pending') {
  return {
    topup: topup({ checks: topupChecks, status: status as 'pending' }),
    receipt: { upload_id: 9, url: '/api/uploads/9', content_type: 'image/png', size: 10, width: 4, height: 4, deleted: false },
    duplicate_receipt: false,
    duplicates: [],
    customer,
    history: { topups: [], orders: [], recent_confirmed: 0, recent_rejected: 0 },
  };
}

describe('receipt checks on the top-up page', () => {
  let posted: unknown[];
  let state: ReturnType<typeof detail>;
  let answer: () => Response;

  beforeEach(() => {
    posted = [];
    answer = () => {
      state = detail(state.topup.checks, 'confirmed');
      return HttpResponse.json({ success: true, data: state.topup });
    };
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:receipt'), revokeObjectURL: vi.fn() }));
    server.use(
      http.get('*/api/admin/topups/5', () => HttpResponse.json({ success: true, data: state })),
      http.get('*/api/uploads/9', () => new HttpResponse(new Uint8Array([137, 80, 78, 71]), { headers: { 'Content-Type': 'image/png' } })),
      http.post('*/api/admin/topups/5/confirm', async ({ request }) => {
        const text = await request.text();
        posted.push(text ? JSON.parse(text) : null);
        return answer();
      }),
    );
  });

  it('shows every check passed and confirms a clean top-up in one tap', async () => {
    state = detail(checks());
    const { user } = renderAdmin('/dashboard/topups/5');
    const list = await screen.findByRole('list', { name: 'Receipt checks' });
    for (const name of ['Amount: passed', 'Transaction ID: passed', 'Same picture: passed', 'Receipt date: passed']) {
      expect(within(list).getByRole('listitem', { name })).toBeInTheDocument();
    }
    expect(within(list).getByRole('listitem', { name: 'Amount: passed' })).toHaveTextContent('Read 50,037 Ks · expected 50,037 Ks');
    expect(screen.getByText('All checks passed')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(posted).toEqual([null]));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(await screen.findByText('Confirmed')).toBeInTheDocument();
  });

  it('asks twice for a flagged top-up, naming each failed check, and sends them as overridden_checks', async () => {
    state = detail(flaggedChecks());
    const { user } = renderAdmin('/dashboard/topups/5');
    const list = await screen.findByRole('list', { name: 'Receipt checks' });
    expect(within(list).getByRole('listitem', { name: 'Amount: failed' })).toHaveTextContent('Read 52,037 Ks · expected 50,037 Ks');
    const tx = within(list).getByRole('listitem', { name: 'Transaction ID: failed' });
    expect(within(tx).getByRole('link', { name: 'top-up #2 (kyawkyaw, Confirmed)' })).toHaveAttribute('href', '/dashboard/topups/2');
    expect(within(list).getByRole('listitem', { name: 'Same picture: failed' })).toHaveTextContent('distance 0.05');
    expect(within(list).getByRole('listitem', { name: 'Receipt date: passed' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    const first = screen.getByRole('alertdialog', { name: 'Confirm top-up #5?' });
    expect(first).toHaveTextContent('3 receipt checks failed');
    await user.click(within(first).getByRole('button', { name: 'Continue' }));
    expect(posted).toHaveLength(0);

    const second = await screen.findByRole('alertdialog', { name: 'Confirm top-up #5 despite failed checks?' });
    const named = within(second).getByRole('list', { name: 'Receipt checks' });
    // Each failed check, in order (their earlier top-ups are lists of their own).
    expect([...named.children].map((item) => item.getAttribute('aria-label'))).toEqual([
      'Amount: failed',
      'Transaction ID: failed',
      'Same picture: failed',
    ]);
    await user.click(within(second).getByRole('button', { name: 'Confirm anyway' }));
    await waitFor(() => expect(posted).toEqual([{ overridden_checks: ['amount', 'transaction_id', 'duplicate_image'] }]));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it('offers only rejection when a re-used transaction id blocks the top-up', async () => {
    const blocked = flaggedChecks();
    state = detail({ ...blocked, verdict: 'blocked', transaction_id: { ...blocked.transaction_id, rule: 'block', blocks: true } });
    renderAdmin('/dashboard/topups/5');
    expect(await screen.findByRole('alert')).toHaveTextContent('Only rejection is possible');
    expect(screen.getByText('Only reject')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reject' })).toBeInTheDocument();
  });

  it('keeps the usual dialog when checks were not read, and asks about checks the server found failed since', async () => {
    state = detail(checks({ reading: 'not_available', verdict: 'not_read', amount: { result: 'not_read', expected: 50037, read: null, confidence: 0 } }));
    let calls = 0;
    answer = () => {
      calls += 1;
      if (calls === 1) return HttpResponse.json({ success: false, code: 'checks_not_acknowledged', message: 'Some receipt checks failed.', failed_checks: ['duplicate_image'], missing_checks: ['duplicate_image'] }, { status: 409 });
      return HttpResponse.json({ success: true, data: state.topup });
    };
    const { user } = renderAdmin('/dashboard/topups/5');
    expect(await screen.findByText(/does not read receipts/)).toHaveAttribute('role', 'status');
    expect(screen.getByRole('listitem', { name: 'Amount: not read' })).toHaveTextContent('No amount read · expected 50,037 Ks');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    const first = screen.getByRole('alertdialog', { name: 'Confirm top-up #5?' });
    await user.click(within(first).getByRole('button', { name: 'Confirm' }));
    const second = await screen.findByRole('alertdialog', { name: 'Confirm top-up #5 despite failed checks?' });
    expect(second).toHaveTextContent('The checks changed since this page was loaded');
    await user.click(within(second).getByRole('button', { name: 'Confirm anyway' }));
    await waitFor(() => expect(posted).toEqual([null, { overridden_checks: ['duplicate_image'] }]));
  });

  it('speaks Burmese', async () => {
    await changeLanguage('my');
    state = detail(flaggedChecks());
    renderAdmin('/dashboard/topups/5');
    const list = await screen.findByRole('list', { name: 'ပြေစာ စစ်ဆေးချက်များ' });
    expect(within(list).getByRole('listitem', { name: 'ငွေပမာဏ: မကိုက်ညီပါ' })).toBeInTheDocument();
    expect(within(list).getByRole('listitem', { name: 'ပြေစာ ရက်စွဲ: ကိုက်ညီသည်' })).toBeInTheDocument();
  });
});

it('shows each top-up’s checks and verdict on the queue', async () => {
  server.use(http.get('*/api/admin/topups', () => HttpResponse.json(paged([topup({ checks: checks() }), topup({ id: 6, checks: flaggedChecks() }), topup({ id: 7 })]))));
  renderAdmin('/dashboard/topups');
  const clean = await screen.findByRole('link', { name: 'Review top-up #5' });
  expect(within(clean).getByText('All checks passed')).toBeInTheDocument();
  expect(within(clean).getByRole('listitem', { name: 'Amount: passed' })).toBeInTheDocument();
  const flagged = screen.getByRole('link', { name: 'Review top-up #6' });
  expect(within(flagged).getByText('Checks failed')).toBeInTheDocument();
  expect(within(flagged).getByRole('listitem', { name: 'Amount: failed' })).toHaveTextContent('52,037 Ks');
  expect(within(flagged).getByRole('listitem', { name: 'Receipt date: passed' })).toBeInTheDocument();
  // A server without checks (older) shows the card as before.
  expect(within(screen.getByRole('link', { name: 'Review top-up #7' })).queryByRole('list')).not.toBeInTheDocument();
});
