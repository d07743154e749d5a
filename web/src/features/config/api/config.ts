import useSWR from 'swr';

import { api } from '@/lib/api-client';

/** Runtime settings from GET /api/config, so one build serves every deployment (docs/architecture.md#layers). */
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
  /** How customers reach the shop and what it promises; a channel the shop did not set is absent. */
  support?: SupportConfig;
  /** The server's VAPID public key (base64url) for Web Push; empty or absent: push is off and the account page hides its switch. */
  push_public_key?: string;
  /** Live-chat widget id (e.g. a Tawk.to "property/widget" id); the widget loads only when set. */
  chat_widget_id?: string;
  /** GUEST_BROWSING: home, game pages and search are open to visitors who have not signed in. */
  guest_browsing?: boolean;
}

export interface SupportConfig {
  facebook?: string;
  telegram?: string;
  tiktok?: string;
  /** A viber:// link that opens a chat with the shop's number. */
  viber?: string;
  /** The number to call, +959…. */
  phone?: string;
  /** When someone answers ("9:00–23:00"); absent promises no hours. */
  hours?: string;
  /** The usual minutes to deliver an order. */
  delivery_minutes?: number;
}

export const configKey = '/config';

export async function getConfig(): Promise<AppConfig> {
  const body = await api.get<AppConfig | { data: AppConfig }>(configKey, { auth: false });
  return 'data' in body ? body.data : body;
}

export function useConfig() {
  return useSWR(configKey, getConfig, { revalidateIfStale: false });
}
