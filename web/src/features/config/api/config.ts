import useSWR from 'swr';

import { api } from '@/lib/api-client';

/** Runtime settings from GET /api/config, so one build serves every deployment (DESIGN §1). */
export interface AppConfig {
  store_name: string;
  pusher: {
    key: string;
    /** Empty: the page's own host. */
    ws_host: string;
    ws_port: number;
    wss_port?: number;
    force_tls: boolean;
    cluster: string;
  };
  /** Support links: a social network, a messaging app, a short-video app (empty when not set). */
  support?: { facebook?: string; telegram?: string; tiktok?: string };
  /** Live-chat widget id (e.g. a Tawk.to "property/widget" id); the widget loads only when set. */
  chat_widget_id?: string;
}

export const configKey = '/config';

export async function getConfig(): Promise<AppConfig> {
  const body = await api.get<AppConfig | { data: AppConfig }>(configKey, { auth: false });
  return 'data' in body ? body.data : body;
}

export function useConfig() {
  return useSWR(configKey, getConfig, { revalidateIfStale: false });
}
