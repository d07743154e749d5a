import { adminPath, useAdminQuery } from '@/features/admin/api/keys';
import { api } from '@/lib/api-client';

export function useAdminOnline() {
  return useAdminQuery<{ admin_online: boolean }>(adminPath('settings/admin-online'));
}

export const setAdminOnline = (online: boolean) => api.put('/admin/settings/admin-online', { online });
