import useSWR from 'swr';

import { api, getData } from '@/lib/api-client';
import { apiPath, keyUnder } from '@/lib/api-path';
import type { Paged } from '@/types/api';

export interface Credentials {
  email: string;
  email_password: string;
  game_password: string;
}

/** SPEC §3 order (history) plus the receipt snapshot GET /api/orders adds. */
export interface Order {
  id: number;
  product: { id: number; name: string; service: { name: string } };
  product_kind: string;
  game_name: string;
  price: number;
  service_charge: number;
  total_price: number;
  payment_status: string;
  game_uid: string;
  server_id: string;
  fail_reason: string | null;
  meta: Credentials | null;
  code?: string;
  created_at: string;
  completed_at: string | null;
}

/** SWR keys: every page of the history lies under '/orders' (realtime revalidates them all). */
export const orderKeys = {
  all: '/orders',
  page: (page: number) => apiPath('/orders', { page }),
  isOrders: (key: unknown) => keyUnder(key, '/orders'),
};

export function useOrders(page: number, enabled = true) {
  return useSWR<Paged<Order>, unknown>(enabled ? orderKeys.page(page) : null, (key: string) => getData<Paged<Order>>(key), { keepPreviousData: true });
}

export interface PlaceOrderInput {
  product_id: number;
  game_uid?: string;
  server_id?: string;
}

export interface PlaceOrderResponse {
  success: boolean;
  message?: string;
  credentials: Credentials | null;
  code?: string;
  order: Order;
}

/** POST /api/order; the Idempotency-Key makes a retried confirm replay instead of charging again. */
export function placeOrder(input: PlaceOrderInput, idempotencyKey: string) {
  return api.post<PlaceOrderResponse>('/order', input, { headers: { 'Idempotency-Key': idempotencyKey }, timeoutMs: 30_000 });
}
