import useSWR from 'swr';

import { api } from '@/lib/api-client';
import type { ApiEnvelope } from '@/types/api';

/** The active promotion (GET /api/banner); data is null when there is none. */
export interface Banner {
  id: number;
  title: string;
  title_my: string;
  image_url: string;
  link: string;
}

export const bannerKey = '/banner';

export async function getBanner(): Promise<Banner | null> {
  const body = await api.get<ApiEnvelope<Banner | null>>(bannerKey, { auth: false });
  return body.data ?? null;
}

export function useBanner() {
  return useSWR<Banner | null, unknown>(bannerKey, getBanner);
}
