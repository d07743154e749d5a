import useSWR, { preload } from 'swr';

import { getData } from '@/lib/api-client';
import type { Banner } from '@/types/api';

export const bannerKey = '/banner';

export async function getBanner(): Promise<Banner | null> {
  return (await getData<Banner | null>(bannerKey, { auth: false })) ?? null;
}

export function useBanner() {
  return useSWR<Banner | null, unknown>(bannerKey, getBanner);
}

/**
 * Starts the request before the hook mounts (the hook then takes its answer),
 * and the image's as soon as it is known: the banner is the home page's
 * largest paint.
 */
export function preloadBanner() {
  preload(bannerKey, getBanner).then(
    (banner) => {
      if (!banner?.image_url) return;
      const image = new Image();
      image.fetchPriority = 'high';
      image.src = banner.image_url;
    },
    () => undefined, // the hook will retry and show nothing
  );
}
