import useSWR from 'swr';

import { getData } from '@/lib/api-client';
import { apiPath } from '@/lib/api-path';
import type { Paged } from '@/types/api';

export interface SearchGame {
  id: number;
  name: string;
  name_my: string;
  slug: string;
  logo_url: string;
  is_hot: boolean;
  service_id: number;
  description: string;
  service: { name: string; slug: string; kind: string };
}

export interface SearchProduct {
  id: number;
  name: string;
  name_my: string;
  img_url: string;
  price: number;
  is_sold: boolean;
  service_id: number;
  service: { name: string; slug: string; kind: string };
  game: { id: number; name: string; name_my: string; slug: string };
}

export interface SearchResult {
  query: string;
  games: SearchGame[];
  products: Paged<SearchProduct>;
}

export const searchKey = (q: string, page: number) => apiPath('/search', { q, page });

/** GET /api/search?q&page: games and a page of products matching English or Burmese names. */
export function useSearch(q: string, page: number) {
  const term = q.trim();
  return useSWR<SearchResult, unknown>(term ? searchKey(term, page) : null, (key: string) => getData<SearchResult>(key, { auth: false }), {
    keepPreviousData: true,
  });
}
