import { useCallback } from 'react';
import useSWR, { useSWRConfig, type SWRConfiguration, type SWRResponse } from 'swr';

import { getData } from '@/lib/api-client';
import { apiPath, keyUnder, type Query } from '@/lib/api-path';

/** An admin API path with its query string (empty filters left out); also the SWR key of a GET. */
export function adminPath(path: string, query: Query = {}): string {
  return apiPath(`/admin/${path}`, Object.fromEntries(Object.entries(query).filter(([, value]) => value !== '')));
}

/** useSWR for an admin GET: `key` from adminPath, or null to wait. */
export function useAdminQuery<T>(key: string | null, config?: SWRConfiguration<T, unknown>): SWRResponse<T, unknown> {
  return useSWR<T, unknown>(key, (path: string) => getData<T>(path), config);
}

/** Key prefixes that one change makes stale (realtime events and mutations). */
export const adminScopes = {
  overview: '/admin/overview',
  topups: '/admin/topups',
  orders: '/admin/orders',
  refunds: '/admin/refunds',
  users: '/admin/users',
  catalogue: ['/admin/services', '/admin/games', '/admin/products', '/admin/codes', '/admin/payment-methods', '/admin/banners'],
  reviews: '/admin/reviews',
  online: '/admin/settings/admin-online',
  receiptRules: '/admin/settings/receipt-checks',
  audit: '/admin/audit',
} as const;

export type AdminScope = keyof typeof adminScopes;

function matches(key: unknown, scopes: readonly AdminScope[]): boolean {
  return scopes.some((scope) => {
    const value: string | readonly string[] = adminScopes[scope];
    const prefixes = typeof value === 'string' ? [value] : value;
    return prefixes.some((prefix) => keyUnder(key, prefix));
  });
}

/** Revalidates every cached admin key under the given scopes. */
export function useRevalidate() {
  const { mutate } = useSWRConfig();
  return useCallback((...scopes: AdminScope[]) => mutate((key) => matches(key, scopes)), [mutate]);
}
