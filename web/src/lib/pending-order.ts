// docs/spec.md §3 pending order selection, kept in browser storage between a product
// card and the /order page. The order feature writes it; the /order guard reads it.
export const PENDING_ORDER_KEY = 'pending_order';
/**
 * The order this tab placed last, so that reloading its success screen (on
 * Android, switching apps often reloads the tab) shows that order instead of
 * the 404 an /order without a selection is. Per tab: sessionStorage.
 */
export const PLACED_ORDER_KEY = 'placed_order';

export interface PendingOrder {
  orderId: number;
  orderType: string;
  image: string;
  title: string;
  totalPrice: number;
  service_id: number;
  game_server?: string;
  game_uid?: string;
}

export function getPendingOrder(): PendingOrder | null {
  try {
    const raw = localStorage.getItem(PENDING_ORDER_KEY);
    if (!raw) return null;
    const value: unknown = JSON.parse(raw);
    if (typeof value === 'object' && value !== null && 'orderId' in value) return value as PendingOrder;
  } catch {
    // unreadable or storage disabled: no pending order
  }
  return null;
}

/** Stores the selection a card made; false when storage refuses (docs/spec.md §5: 'Failed to process order'). */
export function savePendingOrder(order: PendingOrder): boolean {
  try {
    sessionStorage.removeItem(PLACED_ORDER_KEY);
    localStorage.setItem(PENDING_ORDER_KEY, JSON.stringify(order));
    return true;
  } catch {
    return false;
  }
}

/** docs/spec.md §4: removed once the order is confirmed; placedId is the order it became. */
export function clearPendingOrder(placedId?: number) {
  try {
    localStorage.removeItem(PENDING_ORDER_KEY);
    if (placedId !== undefined) sessionStorage.setItem(PLACED_ORDER_KEY, String(placedId));
  } catch {
    // storage unavailable: nothing to remove
  }
}

/** The order this tab placed last, if any. */
export function getPlacedOrder(): number | null {
  try {
    const id = Number(sessionStorage.getItem(PLACED_ORDER_KEY));
    return Number.isSafeInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}
