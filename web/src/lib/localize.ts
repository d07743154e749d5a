/** The Burmese name when the UI is in Burmese and one exists, else the English one. */
export function localName(item: { name: string; name_my?: string | null }, language: string): string {
  return language === 'my' && item.name_my?.trim() ? item.name_my : item.name;
}

/** A random key for the Idempotency-Key header. */
export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && 'randomUUID' in crypto) return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
}
