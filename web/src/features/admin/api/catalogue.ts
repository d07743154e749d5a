import { adminPath, useAdminQuery } from '@/features/admin/api/keys';
import type { Banner, CodeImportResult, CodeStock, Game, PaymentMethod, Product, Service } from '@/features/admin/api/types';
import type { Credentials, Page } from '@/types/api';
import type { Envelope } from '@/types/envelope';
import { api } from '@/lib/api-client';

export const useServices = () => useAdminQuery<Service[]>(adminPath('services'));
export const useGames = () => useAdminQuery<Game[]>(adminPath('games'));
export const usePaymentMethods = () => useAdminQuery<PaymentMethod[]>(adminPath('payment-methods'));
export const useBanners = () => useAdminQuery<Banner[]>(adminPath('banners'));
export const useCodeStocks = () => useAdminQuery<{ products: CodeStock[]; low_stock: number }>(adminPath('codes/stock'));

export type ProductFilter = { kind?: string; game_id?: number; q?: string; page: number };
export const useProducts = (filter: ProductFilter) =>
  useAdminQuery<Page<Product>>(adminPath('products', { ...filter, per_page: 20 }));

/** Collections edited with create (POST) and PATCH. */
export type Collection = 'services' | 'games' | 'products' | 'payment-methods' | 'banners';

export async function saveRow<T>(collection: Collection, id: number | undefined, body: Record<string, unknown>): Promise<T> {
  const answer = id
    ? await api.patch<Envelope<T>>(`/admin/${collection}/${id}`, body)
    : await api.post<Envelope<T>>(`/admin/${collection}`, body);
  return answer.data;
}

export const deleteBanner = (id: number) => api.delete(`/admin/banners/${id}`);

/** Uploads a public image (logo, product picture, banner, payment icon); answers its URL. */
export async function uploadMedia(file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  const answer = await api.post<Envelope<{ url: string }>>('/admin/media', form, { timeoutMs: 60_000 });
  return answer.data.url;
}

export const setCredentials = (id: number, credentials: Credentials) => api.put(`/admin/products/${id}/credentials`, credentials);

export async function revealCredentials(id: number, reason: string): Promise<Credentials> {
  const answer = await api.post<Envelope<{ credentials: Credentials }>>(`/admin/products/${id}/credentials/reveal`, { reason });
  return answer.data.credentials;
}

/** Imports pasted codes (text) or a CSV file (first column). */
export async function importCodes(id: number, source: { text: string } | { file: File }, batch: string): Promise<CodeImportResult> {
  let payload: unknown;
  if ('file' in source) {
    const form = new FormData();
    form.append('file', source.file);
    if (batch) form.append('batch', batch);
    payload = form;
  } else {
    payload = { codes: source.text, batch };
  }
  const answer = await api.post<Envelope<CodeImportResult>>(`/admin/products/${id}/codes`, payload, { timeoutMs: 60_000 });
  return answer.data;
}
