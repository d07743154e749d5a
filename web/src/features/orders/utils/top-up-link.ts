import { MIN_TOPUP } from '@/config/pricing';
import { paths } from '@/config/paths';

/** What to top up for a shortfall: the shortfall, but never below the minimum top-up. */
export function topUpAmount(shortfall: number): number {
  return Math.max(MIN_TOPUP, Math.ceil(shortfall));
}

/** The top-up page with the shortfall filled in, coming back to the order page once the request is sent. */
export function topUpFor(shortfall: number): string {
  const params = new URLSearchParams({ amount: String(topUpAmount(shortfall)), return: paths.order });
  return `${paths.topUp}?${params.toString()}`;
}
