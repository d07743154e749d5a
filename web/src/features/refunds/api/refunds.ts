import useSWR from 'swr';

import { api, getData } from '@/lib/api-client';
import type { Order, Refund as ContractRefund } from '@/types/api';

// A customer's refund requests (docs/spec.md §1: refunds of unfulfilled
// orders, asked for within 24 hours of the purchase). The server decides;
// the rules here only decide whether to offer the button.

export type RefundStatus = 'requested' | 'approved' | 'denied';

/** The contract's Refund with its status narrowed to the three the server writes. */
export interface Refund extends Omit<ContractRefund, 'status'> {
  status: RefundStatus;
}

/** How long after a purchase a refund may be asked for (the server's store.RefundWindow). */
export const REFUND_WINDOW_MS = 24 * 60 * 60 * 1000;
/** The longest reason the server takes, in characters. */
export const MAX_REFUND_REASON = 1000;
/** Screenshots follow the receipt rules: JPEG or PNG under 10 MB. */
export const SCREENSHOT_TYPES = ['image/jpeg', 'image/png'];
export const MAX_SCREENSHOT_BYTES = 10 * 1024 * 1024;

/** SWR key of the customer's requests; the realtime bridge revalidates it on refund.updated. */
export const refundKeys = { mine: '/refunds' };

export function useMyRefunds(enabled = true) {
  return useSWR<Refund[], unknown>(enabled ? refundKeys.mine : null, async (key: string) => (await getData<Refund[] | null>(key)) ?? []);
}

/** The newest request for an order (the list is newest first). */
export function refundOf(list: Refund[] | undefined, orderId: number): Refund | undefined {
  return list?.find((refund) => refund.order_id === orderId);
}

/**
 * Whether the policy lets the customer ask now: an order not yet delivered
 * or a delivered code or account, within 24 hours, not refunded already,
 * with no request waiting.
 */
export function canRequestRefund(order: Order, latest: Refund | undefined, now = Date.now()): boolean {
  if (latest?.status === 'requested' || latest?.status === 'approved') return false;
  if (now - Date.parse(order.created_at) > REFUND_WINDOW_MS) return false;
  switch (order.payment_status) {
    case 'pending':
    case 'processing':
      return true;
    case 'completed':
      return order.product_kind === 'code' || order.product_kind === 'account';
    default:
      return false;
  }
}

/** POST /api/uploads (multipart part 'file'): the screenshot goes through the receipt pipeline. */
export async function uploadScreenshot(file: File): Promise<number> {
  const form = new FormData();
  form.append('file', file);
  const body = await api.post<{ success: boolean; data?: { id?: number } }>('/uploads', form, { timeoutMs: 60_000 });
  if (!body.success || typeof body.data?.id !== 'number') throw new Error('Screenshot upload failed');
  return body.data.id;
}

/** POST /api/orders/{id}/refund. */
export async function requestRefund(orderId: number, reason: string, screenshotId?: number): Promise<Refund> {
  const body = await api.post<{ success: boolean; data: Refund }>(`/orders/${orderId}/refund`, {
    reason,
    ...(screenshotId ? { screenshot_id: screenshotId } : {}),
  });
  return body.data;
}
