import useSWR from 'swr';

import { api } from '@/lib/api-client';

/** Runtime settings from GET /api/config, so one build serves every deployment (DESIGN §1). */
export interface AppConfig {
  store_name: string;
  pusher: {
    key: string;
    ws_host: string;
    ws_port: number;
    force_tls: boolean;
    cluster: string;
  };
  /** Support links by name (e.g. a messaging-app handle or chat URL). */
  support?: Record<string, string>;
}

export const configKey = '/config';

export async function getConfig(): Promise<AppConfig> {
  const body = await api.get<AppConfig | { data: AppConfig }>(configKey, { auth: false });
  return 'data' in body ? body.data : body;
}

export function useConfig() {
  return useSWR(configKey, getConfig, { revalidateIfStale: false });
}
