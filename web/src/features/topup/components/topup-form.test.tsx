import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';

import { TopupForm } from '@/features/topup/components/topup-form';
import { server } from '@/testing/mocks/server';
import { renderWithProviders, signInAs } from '@/testing/test-utils';

const methods = [
  { id: 1, name: 'KBZPay', phone: '09000000111', holderName: 'U Aung Demo', icon: '/media/payments/kbzpay.svg', kind: 'wallet', maintenance_message: '' },
  { id: 2, name: 'AYA Pay', phone: '09000000222', holderName: 'Daw Hnin Demo', icon: '', kind: 'bank', maintenance_message: '' },
];

function setup() {
  signInAs();
  const created: unknown[] = [];
  const keys: (string | null)[] = [];
  server.use(
    http.get('*/api/payment-methods', () => HttpResponse.json({ success: true, data: methods })),
    http.get('*/api/topup-quote', ({ request }) => {
      const amount = Number(new URL(request.url).searchParams.get('amount'));
      return HttpResponse.json({ success: true, data: { amount, verification_amount: 137, total: amount + 137, quote: `q-${amount}`, expires_at: '2099-01-01T00:00:00Z', expires_in: 1800, payment_method_id: 1 } });
    }),
    http.post('*/api/uploads', () => HttpResponse.json({ success: true, data: { id: 42 } }, { status: 201 })),
    http.post('*/api/topup-orders', async ({ request }) => {
      created.push(await request.json());
      keys.push(request.headers.get('Idempotency-Key'));
      return HttpResponse.json({ success: true, data: {} }, { status: 201 });
    }),
  );
  return { created, keys, ...renderWithProviders(
      <MemoryRouter>
        <TopupForm deliveryMinutes={5} />
      </MemoryRouter>,
    ) };
}

const png = (size = 1000) => new File([new Uint8Array(size)], 'receipt.png', { type: 'image/png' });

describe('top-up form (docs/spec.md §5)', () => {
  beforeEach(() => sessionStorage.clear());

  it('blocks the decimal key and keeps "I have paid" disabled until amount and method are chosen', async () => {
    const { user } = setup();
    const amount = screen.getByLabelText('Amount (Ks)');
    const paid = screen.getByRole('button', { name: 'I have paid' });
    expect(paid).toBeDisabled();
    await user.type(amount, '25.5');
    expect(amount).toHaveValue(255);
    expect(paid).toBeDisabled();
    await user.selectOptions(await screen.findByLabelText('Payment method'), 'KBZPay');
    expect(paid).toBeEnabled();
    // The account card with a click-to-copy phone number.
    expect(screen.getByText('U Aung Demo')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy account phone number' })).toHaveTextContent('09000000111');
  });

  it('says the minimum is 2,000 Ks as soon as the amount is typed, and asks for the receipt in step 2', async () => {
    const { user } = setup();
    await user.type(screen.getByLabelText('Amount (Ks)'), '1999');
    expect(await screen.findByText('Minimum top-up amount is 2,000 Ks', {}, { timeout: 2000 })).toBeInTheDocument();
    await user.selectOptions(await screen.findByLabelText('Payment method'), 'AYA Pay');
    await user.click(screen.getByRole('button', { name: 'I have paid' }));
    expect(screen.queryByLabelText('Payment receipt')).not.toBeInTheDocument();
    await user.clear(screen.getByLabelText('Amount (Ks)'));
    await user.click(screen.getByRole('button', { name: '5,000 Ks' }));
    await screen.findByTestId('transfer-total', {}, { timeout: 3000 });
    await user.click(screen.getByRole('button', { name: 'I have paid' }));
    await user.click(screen.getByRole('button', { name: 'Submit Top-Up' }));
    expect(screen.getByText('Please upload your payment receipt.')).toBeInTheDocument();
  });

  it('refuses other file types and files of 10MB or more, clearing the choice', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: '10,000 Ks' }));
    await user.selectOptions(await screen.findByLabelText('Payment method'), 'KBZPay');
    await screen.findByTestId('transfer-total', {}, { timeout: 3000 });
    await user.click(screen.getByRole('button', { name: 'I have paid' }));
    const input = screen.getByLabelText('Payment receipt');
    fireEvent.change(input, { target: { files: [new File(['x'], 'receipt.gif', { type: 'image/gif' })] } });
    expect(await screen.findByText('Only JPG, JPEG, PNG images are allowed')).toBeInTheDocument();
    fireEvent.change(input, { target: { files: [png(10 * 1024 * 1024)] } });
    expect(await screen.findByText('File size must be less than 10MB')).toBeInTheDocument();
    expect(screen.queryByText('receipt.png')).not.toBeInTheDocument();
    fireEvent.change(input, { target: { files: [png()] } });
    expect(await screen.findByText('receipt.png')).toBeInTheDocument();
    expect(screen.queryByText('File size must be less than 10MB')).not.toBeInTheDocument();
  });

  it('says whom to pay and until when, counting down', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: '10,000 Ks' }));
    await user.selectOptions(await screen.findByLabelText('Payment method'), 'KBZPay');
    const deadline = await screen.findByTestId('quote-deadline', {}, { timeout: 3000 });
    expect(deadline).toHaveTextContent(/^Pay 10,137 Ks to U Aung Demo \(KBZPay\) before \d\d:\d\d — (30:00|29:5\d) left$/);
    await waitFor(() => expect(deadline).toHaveTextContent(/29:5\d left/), { timeout: 3000 });
  });

  it('comes back after a reload where the customer left it: amount, method and the receipt step', async () => {
    const first = setup();
    await first.user.type(screen.getByLabelText('Amount (Ks)'), '10000');
    await first.user.selectOptions(await screen.findByLabelText('Payment method'), 'KBZPay');
    await screen.findByTestId('transfer-total', {}, { timeout: 3000 });
    await first.user.click(screen.getByRole('button', { name: 'I have paid' }));
    first.unmount();

    setup();
    expect(screen.getByLabelText('Amount (Ks)')).toHaveValue(10000);
    expect(await screen.findByTestId('transfer-total', {}, { timeout: 3000 })).toHaveTextContent('10,137 Ks');
    expect(screen.getByLabelText('Payment method')).toHaveValue('1');
    expect(screen.getByLabelText('Payment receipt')).toBeInTheDocument();
  });

  it('shows the exact total from the quote and submits it with the upload and an idempotency key', async () => {
    const { user, created, keys } = setup();
    await user.type(screen.getByLabelText('Amount (Ks)'), '5000');
    await user.selectOptions(await screen.findByLabelText('Payment method'), 'KBZPay');
    expect(await screen.findByTestId('transfer-total', {}, { timeout: 3000 })).toHaveTextContent('5,137 Ks');
    await user.click(screen.getByRole('button', { name: 'I have paid' }));
    fireEvent.change(screen.getByLabelText('Payment receipt'), { target: { files: [png()] } });
    await user.click(screen.getByRole('button', { name: 'Submit Top-Up' }));
    expect(await screen.findByRole('dialog', { name: 'Top-Up Submitted' })).toBeInTheDocument();
    expect(created).toEqual([{ amount: 5000, payment_method: 1, upload_id: 42, quote: 'q-5000' }]);
    expect(keys[0]).toBeTruthy();
  });

  it('shows the error dialog when the top-up cannot be created', async () => {
    const { user } = setup();
    server.use(http.post('*/api/topup-orders', () => HttpResponse.json({ success: false, message: 'This receipt has already been used for a top-up.' }, { status: 409 })));
    await user.type(screen.getByLabelText('Amount (Ks)'), '3000');
    await user.selectOptions(await screen.findByLabelText('Payment method'), 'KBZPay');
    await screen.findByTestId('transfer-total', {}, { timeout: 3000 });
    await user.click(screen.getByRole('button', { name: 'I have paid' }));
    fireEvent.change(screen.getByLabelText('Payment receipt'), { target: { files: [png()] } });
    await user.click(screen.getByRole('button', { name: 'Submit Top-Up' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Payment Failed' });
    expect(dialog).toHaveTextContent('This receipt has already been used for a top-up.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it('asks for a fresh quote after a top-up, since a quote backs one request only', async () => {
    const { user, created } = setup();
    let quotes = 0;
    server.use(
      http.get('*/api/topup-quote', ({ request }) => {
        quotes += 1;
        const amount = Number(new URL(request.url).searchParams.get('amount'));
        const verification = 100 + quotes;
        return HttpResponse.json({ success: true, data: { amount, verification_amount: verification, total: amount + verification, quote: `q-${quotes}`, expires_at: '2099-01-01T00:00:00Z', expires_in: 1800, payment_method_id: 1 } });
      }),
    );
    for (const expected of ['5,101 Ks', '5,102 Ks']) {
      await user.type(screen.getByLabelText('Amount (Ks)'), '5000');
      await user.selectOptions(await screen.findByLabelText('Payment method'), 'KBZPay');
      expect(await screen.findByTestId('transfer-total', {}, { timeout: 3000 })).toHaveTextContent(expected);
      await user.click(screen.getByRole('button', { name: 'I have paid' }));
      fireEvent.change(screen.getByLabelText('Payment receipt'), { target: { files: [png()] } });
      await user.click(screen.getByRole('button', { name: 'Submit Top-Up' }));
      await user.click(await screen.findByRole('button', { name: 'Go Home' }));
    }
    expect(created.map((body) => (body as { quote: string }).quote)).toEqual(['q-1', 'q-2']);
  });

  it('says in the reader\'s words why a used quote was refused and shows the new total to transfer', async () => {
    const { user } = setup();
    let quotes = 0;
    server.use(
      http.get('*/api/topup-quote', ({ request }) => {
        quotes += 1;
        const amount = Number(new URL(request.url).searchParams.get('amount'));
        return HttpResponse.json({ success: true, data: { amount, verification_amount: quotes, total: amount + quotes, quote: `q-${quotes}`, expires_at: '2099-01-01T00:00:00Z', expires_in: 1800, payment_method_id: 1 } });
      }),
      http.post('*/api/topup-orders', () =>
        HttpResponse.json({ success: false, code: 'quote_used', message: 'server words', errors: { quote: ['server words'] } }, { status: 409 }),
      ),
    );
    await user.type(screen.getByLabelText('Amount (Ks)'), '3000');
    await user.selectOptions(await screen.findByLabelText('Payment method'), 'KBZPay');
    expect(await screen.findByTestId('transfer-total', {}, { timeout: 3000 })).toHaveTextContent('3,001 Ks');
    await user.click(screen.getByRole('button', { name: 'I have paid' }));
    fireEvent.change(screen.getByLabelText('Payment receipt'), { target: { files: [png()] } });
    await user.click(screen.getByRole('button', { name: 'Submit Top-Up' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Payment Failed' });
    expect(dialog).toHaveTextContent('This exact total was already used for a top-up request.');
    expect(dialog).not.toHaveTextContent('server words');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('transfer-total')).toHaveTextContent('3,002 Ks');
  });

  it('tells a customer with three top-ups waiting to wait', async () => {
    const { user } = setup();
    server.use(
      http.post('*/api/topup-orders', () =>
        HttpResponse.json({ success: false, code: 'too_many_open_topups', message: 'server words' }, { status: 409 }),
      ),
    );
    await user.type(screen.getByLabelText('Amount (Ks)'), '3000');
    await user.selectOptions(await screen.findByLabelText('Payment method'), 'KBZPay');
    await screen.findByTestId('transfer-total', {}, { timeout: 3000 });
    await user.click(screen.getByRole('button', { name: 'I have paid' }));
    fireEvent.change(screen.getByLabelText('Payment receipt'), { target: { files: [png()] } });
    await user.click(screen.getByRole('button', { name: 'Submit Top-Up' }));
    expect(await screen.findByRole('alertdialog', { name: 'Payment Failed' })).toHaveTextContent('You already have 3 top-ups waiting to be checked.');
  });
});
