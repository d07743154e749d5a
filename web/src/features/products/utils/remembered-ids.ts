// The game id (and server) a customer bought with last, per game, so the next
// purchase for the same game is one tap shorter. Kept in this browser only.
const KEY = 'game_ids';

export interface RememberedIds {
  gameUid: string;
  serverId: string;
}

function readAll(): Record<string, RememberedIds> {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(KEY) ?? '{}');
    return typeof value === 'object' && value !== null ? (value as Record<string, RememberedIds>) : {};
  } catch {
    return {};
  }
}

export function rememberedIds(gameSlug: string): RememberedIds | undefined {
  const found = readAll()[gameSlug];
  return found && typeof found.gameUid === 'string' ? { gameUid: found.gameUid, serverId: typeof found.serverId === 'string' ? found.serverId : '' } : undefined;
}

export function rememberIds(gameSlug: string, ids: RememberedIds) {
  try {
    localStorage.setItem(KEY, JSON.stringify({ ...readAll(), [gameSlug]: ids }));
  } catch {
    // storage unavailable: the ids are simply asked again next time
  }
}
