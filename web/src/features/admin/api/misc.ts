import { adminPath, useAdminQuery } from '@/features/admin/api/keys';
import type { AuditEntry, Paged, Review } from '@/features/admin/api/types';
import { api } from '@/lib/api-client';

export function useReviews(visible: string, page: number) {
  return useAdminQuery<Paged<Review>>(adminPath('reviews', { visible, page, per_page: 20 }));
}

export const moderateReview = (id: number, isVisible: boolean, reason: string) =>
  api.patch(`/admin/reviews/${id}`, { is_visible: isVisible, reason });

export function useAdminOnline() {
  return useAdminQuery<{ admin_online: boolean }>(adminPath('settings/admin-online'));
}

export const setAdminOnline = (online: boolean) => api.put('/admin/settings/admin-online', { online });

export type AuditFilter = { action?: string; target_type?: string; target_id?: string; actor_id?: string; from?: string; to?: string; page: number };

export function useAudit(filter: AuditFilter) {
  return useAdminQuery<Paged<AuditEntry>>(adminPath('audit', { ...filter, per_page: 30 }));
}
