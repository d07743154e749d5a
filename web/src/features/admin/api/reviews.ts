import { adminPath, useAdminQuery } from '@/features/admin/api/keys';
import type { Review } from '@/features/admin/api/types';
import type { Page } from '@/types/api';
import { api } from '@/lib/api-client';

export function useReviews(visible: string, page: number) {
  return useAdminQuery<Page<Review>>(adminPath('reviews', { visible, page, per_page: 20 }));
}

export const moderateReview = (id: number, isVisible: boolean, reason: string) =>
  api.patch(`/admin/reviews/${id}`, { is_visible: isVisible, reason });
