import useSWR from 'swr';

import { getData } from '@/lib/api-client';
import type { Service } from '@/types/api';

export const servicesKey = '/services';

/** GET /api/services: Top Up, Code, Account… as the shop has them switched on. Public. */
export function useServices() {
  return useSWR<Service[], unknown>(servicesKey, async (key: string) => (await getData<Service[] | null>(key, { auth: false })) ?? []);
}
