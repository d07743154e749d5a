import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, expect, it } from 'vitest';

import type { ReceiptRules } from '@/features/admin/api/types';
import { renderAdmin } from '@/features/admin/testing/render-admin';
import { changeLanguage } from '@/lib/i18n';
import { server } from '@/testing/mocks/server';

let rules: ReceiptRules;
let saved: unknown[];

beforeEach(() => {
  saved = [];
  rules = {
    near_duplicate_threshold: 0.25,
    threshold_min: 0.05,
    threshold_max: 0.4,
    threshold_default: 0.25,
    payment_methods: [
      { id: 1, name: 'KBZPay', is_active: true, reused_transaction_id: 'block' },
      { id: 2, name: 'WavePay', is_active: false, reused_transaction_id: 'block' },
    ],
  };
  server.use(
    http.get('*/api/admin/settings/receipt-checks', () => HttpResponse.json({ success: true, data: rules })),
    http.put('*/api/admin/settings/receipt-checks', async ({ request }) => {
      const body = (await request.json()) as { near_duplicate_threshold: number; payment_methods: { id: number; reused_transaction_id: 'block' | 'warn' }[] };
      saved.push(body);
      rules = {
        ...rules,
        near_duplicate_threshold: body.near_duplicate_threshold,
        payment_methods: rules.payment_methods.map((m) => ({ ...m, reused_transaction_id: body.payment_methods.find((p) => p.id === m.id)?.reused_transaction_id ?? 'block' })),
      };
      return HttpResponse.json({ success: true, data: rules });
    }),
  );
});

it('is linked from the admin navigation and saves each method’s rule and the threshold', async () => {
  const { user } = renderAdmin('/dashboard');
  await user.click(within(await screen.findByRole('navigation', { name: 'Dashboard sections' })).getByRole('link', { name: 'Receipt checks' }));
  const kbz = await screen.findByRole('group', { name: 'KBZPay' });
  expect(within(kbz).getByRole('radio', { name: 'Block' })).toBeChecked();
  await user.click(within(kbz).getByRole('radio', { name: 'Warn' }));
  const threshold = screen.getByRole('spinbutton', { name: 'Threshold' });
  await user.clear(threshold);
  await user.type(threshold, '0.3');
  await user.click(screen.getByRole('button', { name: 'Save rules' }));
  expect(await screen.findByRole('status')).toHaveTextContent('Rules saved.');
  expect(saved).toEqual([
    {
      near_duplicate_threshold: 0.3,
      payment_methods: [
        { id: 1, reused_transaction_id: 'warn' },
        { id: 2, reused_transaction_id: 'block' },
      ],
    },
  ]);
});

it('refuses a threshold outside 0.05–0.40 before sending, and shows the server’s field error', async () => {
  const { user } = renderAdmin('/dashboard/receipt-checks');
  const threshold = await screen.findByRole('spinbutton', { name: 'Threshold' });
  await user.clear(threshold);
  await user.type(threshold, '0.9');
  await user.click(screen.getByRole('button', { name: 'Save rules' }));
  expect(threshold).toHaveAttribute('aria-invalid', 'true');
  expect(saved).toHaveLength(0);

  server.use(
    http.put('*/api/admin/settings/receipt-checks', () =>
      HttpResponse.json({ success: false, code: 'invalid', message: 'Choose a threshold from 0.05 to 0.40.', errors: { near_duplicate_threshold: ['Choose a threshold from 0.05 to 0.40.'] } }, { status: 422 }),
    ),
  );
  await user.clear(threshold);
  await user.type(threshold, '0.2');
  await user.click(screen.getByRole('button', { name: 'Save rules' }));
  await waitFor(() => expect(threshold).toHaveAccessibleDescription(/Choose a threshold from 0.05 to 0.40./));
});

it('speaks Burmese', async () => {
  await changeLanguage('my');
  renderAdmin('/dashboard/receipt-checks');
  const kbz = await screen.findByRole('group', { name: 'KBZPay' });
  expect(within(kbz).getByRole('radio', { name: 'ပိတ်ရန်' })).toBeChecked();
  expect(screen.getByRole('button', { name: 'စည်းမျဉ်းများ သိမ်းရန်' })).toBeInTheDocument();
});
