// docs/spec.md §5 top-up rules.
import { MIN_TOPUP } from '@/config/pricing';
/** The server's ceiling for one top-up. */
export const MAX_TOPUP = 5_000_000;
export const MAX_RECEIPT_BYTES = 10 * 1024 * 1024;
const allowedTypes = ['image/jpeg', 'image/jpg', 'image/png'];
const allowedExtensions = /\.(jpe?g|png)$/i;

/** Keys that would make the amount not a whole number (the decimal point above all). */
export const blockedAmountKeys = new Set(['.', ',', 'e', 'E', '+', '-']);

/** The amount as whole kyat, or null when blank or not digits only. */
export function parseAmount(raw: string): number | null {
  const value = raw.trim();
  if (!/^\d+$/.test(value)) return null;
  const amount = Number(value);
  return Number.isSafeInteger(amount) ? amount : null;
}

export type AmountProblem = 'required' | 'min' | 'max';

export function checkAmount(raw: string): AmountProblem | null {
  const amount = parseAmount(raw);
  if (amount === null) return raw.trim() ? 'min' : 'required';
  if (amount < MIN_TOPUP) return 'min';
  if (amount > MAX_TOPUP) return 'max';
  return null;
}

export type FileProblem = 'type' | 'size';

/** jpeg, jpg or png, under 10 MB. */
export function checkReceipt(file: File): FileProblem | null {
  const typeOk = file.type ? allowedTypes.includes(file.type.toLowerCase()) : allowedExtensions.test(file.name);
  if (!typeOk) return 'type';
  if (file.size >= MAX_RECEIPT_BYTES) return 'size';
  return null;
}

export type TopupStatus = 'pending' | 'confirmed' | 'rejected' | 'cancelled';

/** docs/spec.md §4: an unknown status displays as pending. */
export function topupStatus(status: string): TopupStatus {
  return status === 'confirmed' || status === 'rejected' || status === 'cancelled' ? status : 'pending';
}
