import { adminPath, useAdminQuery } from '@/features/admin/api/keys';
import type { AdminTopup, CheckName, TopupDetail } from '@/features/admin/api/types';
import type { Page } from '@/types/api';
import { api } from '@/lib/api-client';

export type TopupFilter = { status: string; page: number; user_id?: number };

export function useTopups(filter: TopupFilter) {
  return useAdminQuery<Page<AdminTopup>>(adminPath('topups', { ...filter, per_page: 20 }));
}

export function useTopup(id: number) {
  return useAdminQuery<TopupDetail>(adminPath(`topups/${id}`));
}

/** Confirms a top-up; `overridden` names the failed receipt checks the admin confirms despite. */
export const confirmTopup = (id: number, overridden: CheckName[] = []) =>
  api.post(`/admin/topups/${id}/confirm`, overridden.length ? { overridden_checks: overridden } : undefined);
export const rejectTopup = (id: number, reason: string) => api.post(`/admin/topups/${id}/reject`, { reason });

