import { screen, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { PENDING_ORDER_KEY, PLACED_ORDER_KEY, type PendingOrder } from '@/lib/pending-order';
import { testConfig } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { renderApp, signInAs } from '@/testing/test-utils';

const coin: PendingOrder = { orderId: 7, orderType: 'coin', image: '/media/p.svg', title: '86 Diamonds', totalPrice: 5300, service_id: 1, game_uid: '12345', game_server: '2001' };

function setup(pending: PendingOrder, answer: () => Promise<Response> | Response, wallet = 100_000) {
  signInAs({ id: 1, wallet_amount: wallet });
  localStorage.setItem(PENDING_ORDER_KEY, JSON.stringify(pending));
  const calls: { body: unknown; key: string | null }[] = [];
  server.use(
    http.post('*/api/order', async ({ request }) => {
      calls.push({ body: await request.json(), key: request.headers.get('Idempotency-Key') });
      return answer();
    }),
  );
  return { calls, ...renderApp('/order') };
}

const order = { id: 31, product: { id: 7, name: '86 Diamonds', service: { name: 'Top Up' } }, payment_status: 'pending' };

describe('order page (docs/spec.md §2, §4)', () => {
  it('shows the summary with the 50 Ks service charge, then Processing..., then what really happened: paid, waiting for delivery', async () => {
    const { user, calls } = setup(coin, async () => {
      await delay(50);
      return HttpResponse.json({ success: true, credentials: null, order }, { status: 201 });
    });
    expect(await screen.findByRole('heading', { name: 'Confirm Order' })).toBeInTheDocument();
    expect(screen.getByText('#7')).toBeInTheDocument();
    expect(screen.getByText('5,300 Ks')).toBeInTheDocument();
    expect(screen.getByText('50 Ks')).toBeInTheDocument();
    expect(screen.getByText('5,350 Ks')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Contact Support' })).toHaveAttribute('href', 'https://t.me/shwetopup');
    await user.click(screen.getByRole('button', { name: 'Confirm Order' }));
    expect(screen.getByRole('button', { name: 'Processing...' })).toBeDisabled();
    expect(await screen.findByRole('heading', { name: 'Paid — waiting for delivery' })).toBeInTheDocument();
    expect(screen.getByText(/usually within 5 minutes/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/home');
    expect(localStorage.getItem(PENDING_ORDER_KEY)).toBeNull();
    // A reload of this screen shows the order placed (guards.test.tsx).
    expect(sessionStorage.getItem(PLACED_ORDER_KEY)).toBe(String(order.id));
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toEqual({ product_id: 7, game_uid: '12345', server_id: '2001', total_price: 5350 });
    expect(calls[0]!.key).toMatch(/.{16,}/);
  });

  it('contacts support where the shop set it and promises its delivery time', async () => {
    server.use(http.get('*/api/config', () => HttpResponse.json({ success: true, data: { ...testConfig, support: { viber: 'viber://chat?number=%2B959791234567', delivery_minutes: 15 } } })));
    const { user } = setup(coin, () => HttpResponse.json({ success: true, credentials: null, order }, { status: 201 }));
    const contact = await screen.findByRole('link', { name: 'Contact Support' });
    expect(contact).toHaveAttribute('href', 'viber://chat?number=%2B959791234567');
    // Whether someone is there to answer, beside the link (issue 18).
    expect(await within(contact.parentElement!).findByTestId('admin-online')).toHaveTextContent('Admins are away');
    await user.click(screen.getByRole('button', { name: 'Confirm Order' }));
    expect(await screen.findByText(/usually within 15 minutes/)).toBeInTheDocument();
  });

  it('shows no Contact Support link when the shop set no channel', async () => {
    server.use(http.get('*/api/config', () => HttpResponse.json({ success: true, data: { ...testConfig, support: {} } })));
    setup(coin, () => HttpResponse.json({ success: true, credentials: null, order }, { status: 201 }));
    expect(await screen.findByRole('heading', { name: 'Confirm Order' })).toBeInTheDocument();
    // The footer's wording without hours shows the configuration has arrived.
    expect(await screen.findByText('We answer messages as soon as we can.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Contact Support' })).not.toBeInTheDocument();
  });

  it('shows the account credentials with their warnings', async () => {
    const credentials = { email: 'acc@demo.test', email_password: 'mail-1', game_password: 'game-1' };
    const { user } = setup({ ...coin, orderType: 'account', game_uid: undefined, game_server: undefined }, () =>
      HttpResponse.json({ success: true, credentials, order: { ...order, payment_status: 'completed' } }, { status: 201 }),
    );
    await user.click(await screen.findByRole('button', { name: 'Confirm Order' }));
    expect(await screen.findByRole('button', { name: 'Copy E-mail' })).toHaveTextContent('acc@demo.test');
    expect(screen.getByRole('button', { name: 'Copy E-mail password' })).toHaveTextContent('mail-1');
    expect(screen.getByRole('button', { name: 'Copy Game password' })).toHaveTextContent('game-1');
    expect(screen.getByText('Change both passwords right away.')).toBeInTheDocument();
  });

  it('keeps the idempotency key after a network failure, so a retry cannot charge twice', async () => {
    let first = true;
    const { user, calls } = setup(coin, () => {
      if (first) {
        first = false;
        return HttpResponse.error();
      }
      return HttpResponse.json({ success: true, credentials: null, order }, { status: 201 });
    });
    await user.click(await screen.findByRole('button', { name: 'Confirm Order' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No connection');
    await user.click(screen.getByRole('button', { name: 'Confirm Order' }));
    expect(await screen.findByRole('heading', { name: 'Paid — waiting for delivery' })).toBeInTheDocument();
    expect(calls).toHaveLength(2);
    expect(calls[1]!.key).toBe(calls[0]!.key);
  });

  it('tells how much to top up when the balance is short, with a link to /top-up', async () => {
    const { user } = setup(
      coin,
      () =>
      HttpResponse.json(
        { success: false, message: 'Your wallet balance is not enough…', data: { message: 'Your wallet balance is not enough…', required: 5350, balance: 1000, shortfall: 4350 } },
        { status: 422 },
      ),
      100_000, // the balance this page knew was enough; the server knows better
    );
    await user.click(await screen.findByRole('button', { name: 'Confirm Order' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Please top up at least 4,350 Ks.');
    expect(within(alert).getByRole('link', { name: 'Top up your wallet' })).toHaveAttribute('href', '/top-up?amount=4350&return=%2Forder');
  });

  it('says a short balance before Confirm, with the exact shortfall and a top-up of it that comes back here', async () => {
    setup(coin, () => HttpResponse.json({ success: true, credentials: null, order }, { status: 201 }), 1000);
    const notice = await screen.findByTestId('shortfall');
    expect(notice).toHaveTextContent('Your balance is 1,000 Ks: 4,350 Ks short for this order.');
    expect(within(notice).getByRole('link', { name: 'Top up 4,350 Ks' })).toHaveAttribute('href', '/top-up?amount=4350&return=%2Forder');
  });

  it('tops up at least the minimum for a small shortfall, and says nothing when the balance covers the order', async () => {
    const first = setup(coin, () => HttpResponse.json({ success: true, credentials: null, order }, { status: 201 }), 5000);
    const notice = await screen.findByTestId('shortfall');
    expect(notice).toHaveTextContent('350 Ks short');
    expect(within(notice).getByRole('link', { name: 'Top up 2,000 Ks' })).toHaveAttribute('href', '/top-up?amount=2000&return=%2Forder');
    first.unmount();
    setup(coin, () => HttpResponse.json({ success: true, credentials: null, order }, { status: 201 }), 5350);
    expect(await screen.findByRole('button', { name: 'Confirm Order' })).toBeInTheDocument();
    expect(screen.queryByTestId('shortfall')).not.toBeInTheDocument();
  });

  it('calls a delivered code order confirmed, as its history does', async () => {
    const { user } = setup({ ...coin, orderType: 'code', game_uid: undefined, game_server: undefined }, () =>
      HttpResponse.json({ success: true, credentials: null, code: 'DEMO-1234', order: { ...order, payment_status: 'completed' } }, { status: 201 }),
    );
    await user.click(await screen.findByRole('button', { name: 'Confirm Order' }));
    expect(await screen.findByRole('heading', { name: 'Order Confirmed!' })).toBeInTheDocument();
    expect(screen.getByText(/^Delivered: your code is below/)).toBeInTheDocument();
  });

  it('asks again at the new price when the price changed since the page was shown (409 price_changed)', async () => {
    let first = true;
    const { user, calls } = setup(coin, () => {
      if (first) {
        first = false;
        const message = 'The price has changed: this order now costs 5,850 Ks.';
        return HttpResponse.json(
          { success: false, code: 'price_changed', message, data: { message, price: 5800, service_charge: 50, total_price: 5850 } },
          { status: 409 },
        );
      }
      return HttpResponse.json({ success: true, credentials: null, order: { ...order, payment_status: 'completed' } }, { status: 201 });
    });
    await user.click(await screen.findByRole('button', { name: 'Confirm Order' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('now costs 5,850 Ks in total');
    expect(screen.getByText('5,800 Ks')).toBeInTheDocument();
    expect(screen.getByText('5,850 Ks')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Order Confirmed!' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirm at the new price' }));
    expect(await screen.findByRole('heading', { name: 'Order Confirmed!' })).toBeInTheDocument();
    expect(calls.map((c) => (c.body as { total_price: number }).total_price)).toEqual([5350, 5850]);
    // The 409 charged nothing: the second confirmation is a new request.
    expect(calls[1]!.key).not.toBe(calls[0]!.key);
  });

  it('shows the balance the order answer carries, without waiting for the live update', async () => {
    const { user } = setup(coin, () => HttpResponse.json({ success: true, credentials: null, order: { ...order, payment_status: 'completed' }, wallet_amount: 4650 }, { status: 201 }), 10000);
    expect(await screen.findByRole('status', { name: 'Balance' })).toHaveTextContent('10,000 Ks');
    await user.click(await screen.findByRole('button', { name: 'Confirm Order' }));
    expect(await screen.findByRole('heading', { name: 'Order Confirmed!' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Balance' })).toHaveTextContent('4,650 Ks');
  });
});
