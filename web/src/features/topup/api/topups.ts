import useSWR from 'swr';

import { api, getData } from '@/lib/api-client';
import { apiPath } from '@/lib/api-path';
import type { PaymentMethod, Topup } from '@/types/api';

/** GET /api/topup-quote: the exact total (amount + verification amount T) to transfer. */
export interface TopupQuote {
  amount: number;
  verification_amount: number;
  total: number;
  quote: string;
  expires_at: string;
}

export const topupKeys = {
  methods: '/payment-methods',
  list: '/topup-orders',
  quotes: '/topup-quote',
  quote: (amount: number) => apiPath('/topup-quote', { amount }),
};

export function usePaymentMethods() {
  return useSWR<PaymentMethod[], unknown>(topupKeys.methods, async (key: string) => (await getData<PaymentMethod[] | null>(key, { auth: false })) ?? []);
}

export function useTopups(enabled = true) {
  return useSWR<Topup[], unknown>(enabled ? topupKeys.list : null, async (key: string) => (await getData<Topup[] | null>(key)) ?? []);
}

/** A quote per amount, kept while the page is open: the same amount shows the same total. */
export function useTopupQuote(amount: number | null) {
  return useSWR<TopupQuote, unknown>(amount === null ? null : topupKeys.quote(amount), (key: string) => getData<TopupQuote>(key), {
    revalidateIfStale: false,
    shouldRetryOnError: false,
  });
}

/** POST /api/uploads (multipart part 'file') → the upload id. */
export async function uploadReceipt(file: File): Promise<number> {
  const form = new FormData();
  form.append('file', file);
  const body = await api.post<{ success: boolean; data?: { id?: number } }>('/uploads', form, { timeoutMs: 60_000 });
  if (!body.success || typeof body.data?.id !== 'number') throw new Error('File upload failed');
  return body.data.id;
}

export interface CreateTopupInput {
  amount: number;
  payment_method: number;
  upload_id: number;
  quote: string;
}

export function createTopup(input: CreateTopupInput, idempotencyKey: string) {
  return api.post<{ success: boolean; message?: string; data: Topup }>('/topup-orders', input, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}
