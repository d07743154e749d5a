// The wallet balance the app last received from the server, with when, so
// the offline state can show it marked as possibly out of date. Kept per
// device in localStorage; cleared on sign-out so no one sees another's.

const KEY = 'lastBalance';

export interface LastBalance {
  amount: number | string;
  /** ISO time the app received it. */
  at: string;
}

export function rememberBalance(amount: number | string | null | undefined, now = new Date()) {
  if (amount === null || amount === undefined) return;
  try {
    localStorage.setItem(KEY, JSON.stringify({ amount, at: now.toISOString() } satisfies LastBalance));
  } catch {
    // storage full or blocked: the offline state simply shows no balance
  }
}

export function lastBalance(): LastBalance | null {
  try {
    const value = JSON.parse(localStorage.getItem(KEY) ?? 'null') as Partial<LastBalance> | null;
    if (value && (typeof value.amount === 'number' || typeof value.amount === 'string') && typeof value.at === 'string') {
      return { amount: value.amount, at: value.at };
    }
  } catch {
    // unreadable: none
  }
  return null;
}

export function forgetBalance() {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // nothing to forget
  }
}
