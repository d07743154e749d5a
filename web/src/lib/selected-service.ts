// docs/spec.md §3 selected-service state: each field in local storage under its own
// name (gameId, gameName, serviceId, serviceName, description, slug). A game
// tile writes it; the product list reads it before the games list has loaded.

export interface SelectedService {
  gameId: number;
  gameName: string;
  serviceId: number;
  serviceName: string;
  description: string;
  slug: string;
}

const fields = ['gameId', 'gameName', 'serviceId', 'serviceName', 'description', 'slug'] as const;

export function saveSelectedService(selection: SelectedService) {
  try {
    for (const field of fields) localStorage.setItem(field, String(selection[field]));
  } catch {
    // storage unavailable: the product list falls back to the games list
  }
}

export function getSelectedService(): SelectedService | null {
  try {
    const slug = localStorage.getItem('slug');
    if (!slug) return null;
    return {
      gameId: Number(localStorage.getItem('gameId')) || 0,
      gameName: localStorage.getItem('gameName') ?? '',
      serviceId: Number(localStorage.getItem('serviceId')) || 0,
      serviceName: localStorage.getItem('serviceName') ?? '',
      description: localStorage.getItem('description') ?? '',
      slug,
    };
  } catch {
    return null;
  }
}

/** docs/spec.md §2: the route segment is the service name lowercased with hyphens ("Top Up" → "top-up"). */
export function serviceSegment(serviceName: string): string {
  return (
    serviceName
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, '') || 'service'
  );
}
