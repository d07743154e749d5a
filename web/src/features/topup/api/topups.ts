import useSWR from 'swr';

import { api } from '@/lib/api-client';
import type { Envelope, Topup } from '@/types/api';

/** SPEC §3 payment method (GET /api/payment-methods). */
export interface PaymentMethod {
  id: number;
  name: string;
  phone: string;
  holderName: string;
  icon: string;
  kind: string;
  maintenance_message: string;
}

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
  quote: (amount: number) => ['/topup-quote', amount] as const,
};

export function usePaymentMethods() {
  return useSWR<PaymentMethod[], unknown>(topupKeys.methods, async () => (await api.get<Envelope<PaymentMethod[]>>(topupKeys.methods, { auth: false })).data ?? []);
}

export function useTopups(enabled = true) {
  return useSWR<Topup[], unknown>(enabled ? topupKeys.list : null, async () => (await api.get<Envelope<Topup[]>>(topupKeys.list)).data ?? []);
}

/** A quote per amount, kept while the page is open: the same amount shows the same total. */
export function useTopupQuote(amount: number | null) {
  return useSWR<TopupQuote, unknown>(
    amount === null ? null : topupKeys.quote(amount),
    async () => (await api.get<Envelope<TopupQuote>>('/topup-quote', { params: { amount } })).data,
    { revalidateIfStale: false, shouldRetryOnError: false },
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
