import useSWR from 'swr';

import { getData } from '@/lib/api-client';
import { apiPath } from '@/lib/api-path';
import type { Page, Product as ContractProduct } from '@/types/api';

/** What a product's free-form data holds (accounts: rank and counts; coins and codes: amount). */
export type ProductData = { rank?: string; skin_count?: number; hero_count?: number; amount?: number; [key: string]: unknown };

/** A product as GET /api/products answers it: the contract's, with its data read as ProductData. */
export interface Product extends Omit<ContractProduct, 'data'> {
  data: ProductData;
}

export type ProductQuery = { page: number; serviceId?: number; gameSlug: string };

export const productKeys = {
  list: ({ page, serviceId, gameSlug }: ProductQuery) => apiPath('/products', { page, service_id: serviceId || undefined, game_slug: gameSlug }),
};

export function useProducts(query: ProductQuery | null) {
  return useSWR<Page<Product>, unknown>(query ? productKeys.list(query) : null, (key: string) => getData<Page<Product>>(key, { auth: false }), {
    keepPreviousData: true,
  });
}
