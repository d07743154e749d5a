import useSWR from 'swr';

import { api, getData } from '@/lib/api-client';
import { apiPath, keyUnder } from '@/lib/api-path';
import type { Credentials, Order, OrderDetail, Page } from '@/types/api';

/** SWR keys: every page of the history lies under '/orders' (realtime revalidates them all). */
export const orderKeys = {
  all: '/orders',
  page: (page: number) => apiPath('/orders', { page }),
  detail: (id: number | string) => `/orders/${encodeURIComponent(String(id))}`,
  isOrders: (key: unknown) => keyUnder(key, '/orders'),
};

export function useOrders(page: number, enabled = true) {
  return useSWR<Page<Order>, unknown>(enabled ? orderKeys.page(page) : null, (key: string) => getData<Page<Order>>(key), { keepPreviousData: true });
}

/** GET /api/orders/{id}: one of the buyer's own orders (another's answers 404). */
export function useOrder(id: string | undefined) {
  return useSWR<OrderDetail, unknown>(id ? orderKeys.detail(id) : null, (key: string) => getData<OrderDetail>(key));
}

export interface PlaceOrderInput {
  product_id: number;
  game_uid?: string;
  server_id?: string;
  /** The total the page showed: a different current price answers 409 price_changed. */
  total_price?: number;
}

export interface PlaceOrderResponse {
  success: boolean;
  message?: string;
  credentials: Credentials | null;
  code?: string;
  order: Order;
  /** The wallet after the order, so the balance updates without the socket. */
  wallet_amount?: number;
}

/** POST /api/order; the Idempotency-Key makes a retried confirm replay instead of charging again. */
export function placeOrder(input: PlaceOrderInput, idempotencyKey: string) {
  return api.post<PlaceOrderResponse>('/order', input, { headers: { 'Idempotency-Key': idempotencyKey }, timeoutMs: 30_000 });
}
