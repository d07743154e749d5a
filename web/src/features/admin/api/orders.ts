import { adminPath, useAdminQuery } from '@/features/admin/api/keys';
import type { AdminOrder, OrderDetail } from '@/features/admin/api/types';
import type { Page } from '@/types/api';
import { api } from '@/lib/api-client';

export type OrderFilter = { status?: string; q?: string; page: number; user_id?: number };

export function useOrderQueue(page: number) {
  return useAdminQuery<Page<AdminOrder>>(adminPath('orders/queue', { page, per_page: 20 }));
}

export function useOrders(filter: OrderFilter) {
  return useAdminQuery<Page<AdminOrder>>(adminPath('orders', { ...filter, per_page: 20 }));
}

export function useOrder(id: number) {
  return useAdminQuery<OrderDetail>(adminPath(`orders/${id}`));
}

export const claimOrder = (id: number) => api.post(`/admin/orders/${id}/claim`);
export const completeOrder = (id: number, override = false) => api.post(`/admin/orders/${id}/complete`, { override });
export const failOrder = (id: number, reason: string, override = false) => api.post(`/admin/orders/${id}/fail`, { reason, override });
