import useSWR, { preload } from 'swr';

import { getData } from '@/lib/api-client';

export type ServiceKind = 'coin' | 'code' | 'account';

/** SPEC §3 Game, as GET /api/games answers it. */
export interface Game {
  id: number;
  name: string;
  name_my: string;
  slug: string;
  description: string;
  logo_url: string;
  is_hot: boolean;
  uses_server_id: boolean;
  service_id: number;
  /** kind: coin, code or account (ServiceKind). */
  service: { name: string; slug: string; kind: string };
}

export const gamesKey = '/games';

export async function getGames(): Promise<Game[]> {
  return (await getData<Game[] | null>(gamesKey, { auth: false })) ?? [];
}

export function useGames() {
  return useSWR<Game[], unknown>(gamesKey, getGames);
}

/** Starts the request before the hook mounts; the hook then takes its answer. */
export function preloadGames() {
  void preload(gamesKey, getGames);
}
