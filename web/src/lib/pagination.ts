export type PageItem = number | 'start-ellipsis' | 'end-ellipsis';

/**
 * docs/spec.md §2 pagination window: `size` consecutive page numbers around the
 * current one (5, or 3 under 640px), clamped to 1..last, with an ellipsis
 * where pages are left out before or after.
 */
export function pageWindow(current: number, last: number, size: number): PageItem[] {
  const total = Math.max(1, Math.floor(last));
  const page = Math.min(Math.max(1, Math.floor(current)), total);
  const count = Math.min(Math.max(1, size), total);
  let start = page - Math.floor((count - 1) / 2);
  start = Math.max(1, Math.min(start, total - count + 1));
  const items: PageItem[] = [];
  if (start > 1) items.push('start-ellipsis');
  for (let n = start; n < start + count; n += 1) items.push(n);
  if (start + count - 1 < total) items.push('end-ellipsis');
  return items;
}

/** ?page as a whole number ≥ 1 (default 1). */
export function parsePage(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}
