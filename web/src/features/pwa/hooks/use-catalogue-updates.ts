import { useEffect } from 'react';
import { useSWRConfig } from 'swr';

import { onCatalogueUpdate } from '@/lib/service-worker';

/**
 * The service worker answers the catalogue from its cache and checks the
 * network behind it (src/sw/sw.ts); when the network's answer differs, the
 * page fetches that key again, so the cached copy shows only for a moment.
 * Mount once, inside the SWR provider.
 */
export function useCatalogueUpdates() {
  const { mutate } = useSWRConfig();
  useEffect(() => onCatalogueUpdate((key) => void mutate(key)), [mutate]);
}
