import { adminPath, useAdminQuery } from '@/features/admin/api/keys';
import type { AdminOrder } from '@/features/admin/api/types';
import { api } from '@/lib/api-client';
import type { AdminRefund as ContractAdminRefund, Page } from '@/types/api';

export type RefundStatus = 'requested' | 'approved' | 'denied';

/** A refund request in the queue: the contract's, with its status and order narrowed. */
export interface AdminRefund extends Omit<ContractAdminRefund, 'status' | 'order'> {
  status: RefundStatus;
  order: AdminOrder;
}

/** GET /api/admin/refunds: open requests first (oldest first), then the decided newest first. */
export function useRefunds(status: RefundStatus | '', page: number) {
  return useAdminQuery<Page<AdminRefund>>(adminPath('refunds', { status, page, per_page: 20 }));
}

export const approveRefund = (id: number, reason: string, restock: boolean) => api.post(`/admin/refunds/${id}/approve`, { reason, restock });
export const denyRefund = (id: number, reason: string) => api.post(`/admin/refunds/${id}/deny`, { reason });
