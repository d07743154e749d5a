import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { expect, it } from 'vitest';

import { CodeImport } from '@/features/admin/components/catalogue/code-import';
import { server } from '@/testing/mocks/server';
import { renderWithProviders } from '@/testing/test-utils';

it('requires codes, then shows added and refused counts with the low-stock warning', async () => {
  let body: unknown;
  server.use(
    http.post('*/api/admin/products/12/codes', async ({ request }) => {
      body = await request.json();
      return HttpResponse.json(
        {
          success: true,
          data: {
            added: 2,
            duplicates: 1,
            duplicate_codes: ['AAA-1'],
            stock: { product_id: 12, product_name: 'Steam 5$', available: 2, sold: 0, total: 2, low_stock: true, threshold: 5 },
          },
        },
        { status: 201 },
      );
    }),
  );
  const { user } = renderWithProviders(<CodeImport productId={12} />);
  await user.click(screen.getByRole('button', { name: 'Import codes' }));
  expect(screen.getByText('Please paste at least one code.')).toBeInTheDocument();

  await user.type(screen.getByLabelText('Codes'), 'AAA-1{enter}BBB-2{enter}AAA-1');
  await user.type(screen.getByLabelText('Batch (optional)'), 'nov');
  await user.click(screen.getByRole('button', { name: 'Import codes' }));
  expect(await screen.findByText('Added 2, duplicates refused 1')).toBeInTheDocument();
  expect(body).toEqual({ codes: 'AAA-1\nBBB-2\nAAA-1', batch: 'nov' });
  expect(screen.getByText('In stock now: 2 available, 0 sold')).toBeInTheDocument();
  expect(screen.getByRole('alert')).toHaveTextContent('Low stock: at or below 5 codes left.');
  await waitFor(() => expect(screen.getByLabelText('Codes')).toHaveValue(''));
});

it('sends a CSV file as multipart', async () => {
  let file: File | null = null;
  server.use(
    http.post('*/api/admin/products/12/codes', async ({ request }) => {
      file = (await request.formData()).get('file') as File;
      return HttpResponse.json({
        success: true,
        data: { added: 3, duplicates: 0, duplicate_codes: [], stock: { product_id: 12, product_name: 'x', available: 30, sold: 0, total: 30, low_stock: false, threshold: 5 } },
      });
    }),
  );
  const { user } = renderWithProviders(<CodeImport productId={12} />);
  await user.click(screen.getByRole('button', { name: 'CSV file' }));
  await user.upload(screen.getByLabelText('CSV file'), new File(['code\nA\nB\nC\n'], 'codes.csv', { type: 'text/csv' }));
  await user.click(screen.getByRole('button', { name: 'Import codes' }));
  expect(await screen.findByText('Added 3, duplicates refused 0')).toBeInTheDocument();
  expect(file).not.toBeNull();
  expect(screen.queryByText(/Low stock/)).not.toBeInTheDocument();
});
