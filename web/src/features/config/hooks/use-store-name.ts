import { useConfig } from '@/features/config/api/config';

export const DEFAULT_STORE_NAME = 'Shwe Top-Up';

/** The store name from /api/config, or the brand name until it loads (or if it fails). */
export function useStoreName(): string {
  const { data } = useConfig();
  return data?.store_name?.trim() || DEFAULT_STORE_NAME;
}
