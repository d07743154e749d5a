import type { TFunction } from 'i18next';

const statuses = ['pending', 'processing', 'completed', 'failed', 'refunded'] as const;

export type OrderStatus = (typeof statuses)[number];

/** An order's payment_status; unknown values read as pending. */
export function knownStatus(status: string): OrderStatus {
  return (statuses as readonly string[]).includes(status) ? (status as OrderStatus) : 'pending';
}

/** The one wording of a status, shared by the confirmation screen and the order history. */
export function orderStatusLabel(t: TFunction, status: string): string {
  return t(`orders.status.${knownStatus(status)}`);
}
