import useSWR from 'swr';

import { getData } from '@/lib/api-client';
import { apiPath } from '@/lib/api-path';
import type { Paged } from '@/types/api';

/** SPEC §3 package/product, as GET /api/products answers it. */
export interface Product {
  id: number;
  name: string;
  name_my: string;
  description: string;
  img_url: string;
  preview_img: string[];
  price: number;
  fake_price: number | null;
  discount_percent: number;
  is_sold: boolean;
  is_popular: boolean;
  service_id: number;
  service: { name: string; slug: string; kind: string };
  game: { id: number; name: string; name_my: string; slug: string };
  uses_server_id: boolean;
  data: { rank?: string; skin_count?: number; hero_count?: number; amount?: number; [key: string]: unknown };
}

export type ProductQuery = { page: number; serviceId?: number; gameSlug: string };

export const productKeys = {
  list: ({ page, serviceId, gameSlug }: ProductQuery) => apiPath('/products', { page, service_id: serviceId || undefined, game_slug: gameSlug }),
};

export function useProducts(query: ProductQuery | null) {
  return useSWR<Paged<Product>, unknown>(query ? productKeys.list(query) : null, (key: string) => getData<Paged<Product>>(key, { auth: false }), {
    keepPreviousData: true,
  });
}
