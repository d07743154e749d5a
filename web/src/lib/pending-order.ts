// docs/spec.md §3 pending order selection, kept in browser storage between a product
// card and the /order page. The order feature writes it; the /order guard reads it.
export const PENDING_ORDER_KEY = 'pending_order';

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
    localStorage.setItem(PENDING_ORDER_KEY, JSON.stringify(order));
    return true;
  } catch {
    return false;
  }
}

/** docs/spec.md §4: removed once the order is confirmed. */
export function clearPendingOrder() {
  try {
    localStorage.removeItem(PENDING_ORDER_KEY);
  } catch {
    // storage unavailable: nothing to remove
  }
}
