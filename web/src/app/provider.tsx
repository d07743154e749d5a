import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { SWRConfig, type SWRConfiguration } from 'swr';

import { useSystemTheme } from '@/hooks/use-system-theme';
import { api, isApiError } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';
import { ExpiringCache, trackKeyUse } from '@/lib/swr-cache';

// docs/spec.md §9: data kept 60 s after last use; no refetch on focus or reconnect.
const swrConfig: SWRConfiguration = {
  provider: () => new ExpiringCache(),
  use: [trackKeyUse],
  fetcher: (path: string) => api.get(path),
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  // Client errors (4xx) will not fix themselves; retry only timeouts, network and server errors.
  shouldRetryOnError: (error: unknown) => !(isApiError(error) && typeof error.status === 'number' && error.status < 500),
};

export function AppProvider({ children }: { children: ReactNode }) {
  useSystemTheme();
  return (
    <I18nextProvider i18n={i18n}>
      <SWRConfig value={swrConfig}>{children}</SWRConfig>
    </I18nextProvider>
  );
}
