import useSWR from 'swr';

import { api, getData } from '@/lib/api-client';
import { apiPath, keyUnder } from '@/lib/api-path';
import type { Page, PaymentMethod, Topup, TopupQuote as ContractTopupQuote } from '@/types/api';

/** GET /api/topup-quote: the exact total to transfer, and when this page received it (for the countdown). */
export type TopupQuote = ContractTopupQuote & { received_at: number };

export const topupKeys = {
  methods: '/payment-methods',
  /** One page of the history; every page lies under '/topup-orders' (isList revalidates them all). */
  page: (page: number) => apiPath('/topup-orders', { page }),
  isList: (key: unknown) => keyUnder(key, '/topup-orders'),
  quotes: '/topup-quote',
  quote: (amount: number, method: number) => apiPath('/topup-quote', { amount, payment_method: method }),
};

export function usePaymentMethods() {
  return useSWR<PaymentMethod[], unknown>(topupKeys.methods, async (key: string) => (await getData<PaymentMethod[] | null>(key, { auth: false })) ?? []);
}

/** GET /api/topup-orders: the customer's whole history, newest first, a page at a time. */
export function useTopups(page = 1, enabled = true) {
  return useSWR<Page<Topup>, unknown>(enabled ? topupKeys.page(page) : null, (key: string) => getData<Page<Topup>>(key), { keepPreviousData: true });
}

/** POST /api/topup-orders/{id}/cancel: the owner takes back a pending top-up (409 topup_decided when an admin decided first). */
export function cancelTopup(id: number) {
  return api.post<{ success: boolean; message?: string; data: Topup }>(`/topup-orders/${id}/cancel`);
}

/**
 * The quote for an amount and method. The server keeps it open, so asking again
 * (a reload after paying in the banking app) answers the same total and deadline.
 */
export function useTopupQuote(amount: number | null, method: number | null) {
  return useSWR<TopupQuote, unknown>(
    amount === null || method === null ? null : topupKeys.quote(amount, method),
    async (key: string) => ({ ...(await getData<ContractTopupQuote>(key)), received_at: Date.now() }),
    { revalidateIfStale: false, revalidateOnFocus: false, shouldRetryOnError: false },
  );
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
