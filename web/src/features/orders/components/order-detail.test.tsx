import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';

import { server } from '@/testing/mocks/server';
import { renderApp, signInAs } from '@/testing/test-utils';

const base = {
  id: 31,
  product: { id: 7, name: '60 UC', service: { name: 'Top Up' } },
  product_kind: 'coin',
  game_name: 'PUBG Mobile',
  price: 5300,
  service_charge: 50,
  total_price: 5350,
  game_uid: '5550001',
  server_id: '',
  meta: null,
  fail_reason: null,
  created_at: '2026-11-24T09:00:00Z',
  completed_at: null,
};

function answer(detail: object) {
  server.use(http.get('*/api/orders/:id', ({ params }) => (params.id === '31' ? HttpResponse.json({ success: true, data: detail }) : HttpResponse.json({ success: false, code: 'not_found', message: 'Not found.' }, { status: 404 }))));
}

describe('order detail (/orders/{id})', () => {
  it('shows why a failed coin order failed, its timeline, game id and amounts', async () => {
    signInAs();
    answer({
      order: { ...base, payment_status: 'failed', fail_reason: 'Game ID does not exist' },
      timeline: [
        { step: 'placed', at: '2026-11-24T09:00:00Z' },
        { step: 'paid', at: '2026-11-24T09:00:00Z' },
        { step: 'failed', at: '2026-11-24T09:30:00Z' },
      ],
      reviewable: false,
    });
    renderApp('/orders/31');
    expect(await screen.findByRole('heading', { name: 'Order #31' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Why it failed: Game ID does not exist');
    expect(screen.getByRole('alert')).toHaveTextContent('5,350 Ks was returned to your wallet.');
    const steps = within(screen.getByRole('list', { name: 'Order progress' })).getAllByRole('listitem');
    expect(steps.map((s) => s.textContent)).toEqual(['Order placed24 Nov 2026, 15:30', 'Paid from wallet24 Nov 2026, 15:30', 'Failed, money returned to wallet24 Nov 2026, 16:00']);
    expect(screen.getByText('5550001')).toBeInTheDocument();
    expect(screen.getByText('5,300 Ks')).toBeInTheDocument();
    expect(screen.getByText('50 Ks')).toBeInTheDocument();
    expect(screen.queryByRole('radiogroup', { name: 'Your rating' })).not.toBeInTheDocument();
  });

  it('re-shows a delivered code and account login with copy buttons, and prints a receipt', async () => {
    signInAs();
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    answer({
      order: { ...base, product_kind: 'account', payment_status: 'completed', game_uid: '', meta: { email: 'acc@demo.test', email_password: 'mail-1', game_password: 'game-1' } },
      timeline: [{ step: 'placed', at: '2026-11-24T09:00:00Z' }],
      reviewable: false,
    });
    const { user } = renderApp('/orders/31');
    expect(await screen.findByRole('button', { name: 'Copy E-mail' })).toHaveTextContent('acc@demo.test');
    expect(screen.getByRole('button', { name: 'Copy Game password' })).toHaveTextContent('game-1');
    await user.click(screen.getByRole('button', { name: 'Print receipt' }));
    expect(print).toHaveBeenCalledOnce();
  });

  it('lets the buyer review a completed order once, then thanks them', async () => {
    signInAs();
    const posted: unknown[] = [];
    answer({ order: { ...base, payment_status: 'completed', completed_at: '2026-11-24T09:05:00Z' }, timeline: [], reviewable: true });
    server.use(
      http.post('*/api/reviews', async ({ request }) => {
        posted.push(await request.json());
        return HttpResponse.json({ success: true, data: {} }, { status: 201 });
      }),
    );
    const { user } = renderApp('/orders/31');
    const stars = await screen.findByRole('radiogroup', { name: 'Your rating' });
    await user.click(screen.getByRole('button', { name: 'Send review' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please choose 1 to 5 stars.');
    await user.click(within(stars).getByRole('radio', { name: '4 of 5 stars' }));
    await user.type(screen.getByLabelText('Your review (optional)'), 'Fast');
    await user.click(screen.getByRole('button', { name: 'Send review' }));
    expect(await screen.findByText('Thank you! Your review has been sent.')).toHaveAttribute('role', 'status');
    expect(posted).toEqual([{ order_id: 31, rating: 4, comment: 'Fast' }]);
  });

  it('offers a refund where the policy allows it (a coin order still waiting)', async () => {
    signInAs();
    answer({ order: { ...base, payment_status: 'pending', created_at: new Date().toISOString() }, timeline: [], reviewable: false });
    renderApp('/orders/31');
    expect(await screen.findByRole('button', { name: 'Request refund' })).toBeInTheDocument();
  });

  it('says the order is not found for another account’s id', async () => {
    signInAs();
    answer({});
    renderApp('/orders/32');
    expect(await screen.findByRole('heading', { name: 'Order not found' })).toBeInTheDocument();
  });
});
