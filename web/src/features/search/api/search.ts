import useSWR from 'swr';

import { getData } from '@/lib/api-client';
import { apiPath } from '@/lib/api-path';
import type { Game, Page, Product } from '@/types/api';

export interface SearchResult {
  query: string;
  games: Game[];
  products: Page<Product>;
}

export const searchKey = (q: string, page: number) => apiPath('/search', { q, page });

/** GET /api/search?q&page: games and a page of products matching English or Burmese names. */
export function useSearch(q: string, page: number) {
  const term = q.trim();
  return useSWR<SearchResult, unknown>(term ? searchKey(term, page) : null, (key: string) => getData<SearchResult>(key, { auth: false }), {
    keepPreviousData: true,
  });
}
