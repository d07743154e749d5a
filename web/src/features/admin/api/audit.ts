import { adminPath, useAdminQuery } from '@/features/admin/api/keys';
import type { AuditEntry, Page } from '@/types/api';

export type AuditFilter = { action?: string; target_type?: string; target_id?: string; actor_id?: string; from?: string; to?: string; page: number };

export function useAudit(filter: AuditFilter) {
  return useAdminQuery<Page<AuditEntry>>(adminPath('audit', { ...filter, per_page: 30 }));
}
