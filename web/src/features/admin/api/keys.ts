import { useCallback } from 'react';
import useSWR, { useSWRConfig, type SWRConfiguration, type SWRResponse } from 'swr';

import { api } from '@/lib/api-client';
import type { Envelope } from '@/types/api';

type Query = Record<string, string | number | boolean | null | undefined>;

/** An admin API path with its query string; also the SWR key of a GET. */
export function adminPath(path: string, query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(name, String(value));
  }
  const search = params.toString();
  return `/admin/${path}${search ? `?${search}` : ''}`;
}

/** The SWR fetcher of admin GETs: the envelope's data. */
export async function adminFetcher<T>(key: string): Promise<T> {
  const body = await api.get<Envelope<T>>(key);
  return body.data;
}

/** useSWR for an admin GET: `key` from adminPath, or null to wait. */
export function useAdminQuery<T>(key: string | null, config?: SWRConfiguration<T, unknown>): SWRResponse<T, unknown> {
  return useSWR<T, unknown>(key, (path: string) => adminFetcher<T>(path), config);
}

/** Key prefixes that one change makes stale (realtime events and mutations). */
export const adminScopes = {
  overview: '/admin/overview',
  topups: '/admin/topups',
  orders: '/admin/orders',
  users: '/admin/users',
  catalogue: ['/admin/services', '/admin/games', '/admin/products', '/admin/codes', '/admin/payment-methods', '/admin/banners'],
  reviews: '/admin/reviews',
  online: '/admin/settings/admin-online',
  receiptRules: '/admin/settings/receipt-checks',
  audit: '/admin/audit',
} as const;

export type AdminScope = keyof typeof adminScopes;

function matches(key: unknown, scopes: readonly AdminScope[]): boolean {
  if (typeof key !== 'string') return false;
  return scopes.some((scope) => {
    const value: string | readonly string[] = adminScopes[scope];
    const prefixes = typeof value === 'string' ? [value] : value;
    return prefixes.some((prefix) => key === prefix || key.startsWith(`${prefix}?`) || key.startsWith(`${prefix}/`));
  });
}

/** Revalidates every cached admin key under the given scopes. */
export function useRevalidate() {
  const { mutate } = useSWRConfig();
  return useCallback((...scopes: AdminScope[]) => mutate((key) => matches(key, scopes)), [mutate]);
}
