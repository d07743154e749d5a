/** Burmese digits (typed on a Myanmar keyboard) become ASCII ones; spaces are trimmed. */
export function normalizeDigits(value: string): string {
  return value.trim().replace(/[၀-၉]/g, (digit) => String(digit.charCodeAt(0) - 0x1040));
}

export type GameInfoErrors = { gameId?: 'required' | 'numeric'; serverId?: 'required' | 'numeric' };

/** docs/spec.md §5 coin purchase info: Game ID required and numeric; Server ID numeric (and required when asked for). */
export function validateGameInfo(gameId: string, serverId: string, needsServer: boolean): GameInfoErrors {
  const errors: GameInfoErrors = {};
  const uid = normalizeDigits(gameId);
  if (!uid) errors.gameId = 'required';
  else if (!/^\d+$/.test(uid)) errors.gameId = 'numeric';
  if (needsServer) {
    const server = normalizeDigits(serverId);
    if (!server) errors.serverId = 'required';
    else if (!/^\d+$/.test(server)) errors.serverId = 'numeric';
  }
  return errors;
}

/** docs/spec.md §2: Server ID is hidden for pubg-coin, and for any game the API says needs none. */
export function needsServerId(product: { uses_server_id: boolean; game: { slug: string } }): boolean {
  return product.uses_server_id && product.game.slug !== 'pubg-coin';
}
