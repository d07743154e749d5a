import useSWR, { preload } from 'swr';

import { getData } from '@/lib/api-client';
import type { Game } from '@/types/api';

export type ServiceKind = 'coin' | 'code' | 'account';

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
