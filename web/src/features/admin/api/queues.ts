import { adminPath, useAdminQuery } from '@/features/admin/api/keys';
import type { AdminOrder, AdminTopup, CheckName, OrderDetail, Overview, Paged, TopupDetail } from '@/features/admin/api/types';
import { api } from '@/lib/api-client';

export function useOverview() {
  return useAdminQuery<Overview>(adminPath('overview'), { refreshInterval: 30_000 });
}

export type TopupFilter = { status: string; page: number; user_id?: number };

export function useTopups(filter: TopupFilter) {
  return useAdminQuery<Paged<AdminTopup>>(adminPath('topups', { ...filter, per_page: 20 }));
}

export function useTopup(id: number) {
  return useAdminQuery<TopupDetail>(adminPath(`topups/${id}`));
}

/** Confirms a top-up; `overridden` names the failed receipt checks the admin confirms despite. */
export const confirmTopup = (id: number, overridden: CheckName[] = []) =>
  api.post(`/admin/topups/${id}/confirm`, overridden.length ? { overridden_checks: overridden } : undefined);
export const rejectTopup = (id: number, reason: string) => api.post(`/admin/topups/${id}/reject`, { reason });

/** The receipt image (an authenticated GET, never a public URL). */
export const getReceipt = (url: string, signal?: AbortSignal) => api.blob(url.replace(/^\/api\//, ''), { signal, timeoutMs: 60_000 });

export type OrderFilter = { status?: string; q?: string; page: number; user_id?: number };

export function useOrderQueue(page: number) {
  return useAdminQuery<Paged<AdminOrder>>(adminPath('orders/queue', { page, per_page: 20 }));
}

export function useOrders(filter: OrderFilter) {
  return useAdminQuery<Paged<AdminOrder>>(adminPath('orders', { ...filter, per_page: 20 }));
}

export function useOrder(id: number) {
  return useAdminQuery<OrderDetail>(adminPath(`orders/${id}`));
}

export const claimOrder = (id: number) => api.post(`/admin/orders/${id}/claim`);
export const completeOrder = (id: number, override = false) => api.post(`/admin/orders/${id}/complete`, { override });
export const failOrder = (id: number, reason: string, override = false) => api.post(`/admin/orders/${id}/fail`, { reason, override });
