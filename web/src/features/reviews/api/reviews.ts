import useSWR from 'swr';

import { api, getData } from '@/lib/api-client';
import { apiPath, keyUnder } from '@/lib/api-path';
import type { Page, Review } from '@/types/api';

/** The longest review text the server takes, in characters. */
export const MAX_REVIEW_COMMENT = 500;

export const reviewKeys = {
  list: (gameSlug?: string, perPage = 6) => apiPath('/reviews', { game_slug: gameSlug || undefined, per_page: perPage }),
  isReviews: (key: unknown) => keyUnder(key, '/reviews'),
};

/** GET /api/reviews: approved reviews, newest first; with a slug, that game's only. Public. */
export function useReviews(gameSlug?: string, perPage = 6) {
  return useSWR<Page<Review>, unknown>(reviewKeys.list(gameSlug, perPage), (key: string) => getData<Page<Review>>(key, { auth: false }));
}

export interface ReviewInput {
  order_id: number;
  rating: number;
  comment: string;
}

/** POST /api/reviews: one review per completed order (a second answers 409 already_reviewed). */
export function createReview(input: ReviewInput) {
  return api.post<{ success: boolean; message?: string; data: Review }>('/reviews', input);
}
