import { adminPath, useAdminQuery } from '@/features/admin/api/keys';
import type { Overview } from '@/features/admin/api/types';

export function useOverview() {
  return useAdminQuery<Overview>(adminPath('overview'), { refreshInterval: 30_000 });
}
