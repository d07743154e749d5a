/** The server's bound on one manual adjustment (api/admin_users.go). */
export const MAX_ADJUSTMENT = 100_000_000;
export const MAX_REASON = 500;

export type AdjustmentErrors = {
  amount?: 'amountInvalid' | 'amountTooLarge' | 'belowZero';
  reason?: 'reasonRequired' | 'reasonTooLong';
};

/** Checks a manual wallet adjustment before it is shown for confirmation. */
export function validateAdjustment(amountText: string, reason: string, balance: number, direction: 'credit' | 'debit'): AdjustmentErrors {
  const errors: AdjustmentErrors = {};
  const cleaned = amountText.replace(/[,\s]/g, '');
  const amount = Number(cleaned);
  if (!/^\d+$/.test(cleaned) || amount <= 0) errors.amount = 'amountInvalid';
  else if (amount > MAX_ADJUSTMENT) errors.amount = 'amountTooLarge';
  else if (direction === 'debit' && amount > balance) errors.amount = 'belowZero';
  if (!reason.trim()) errors.reason = 'reasonRequired';
  else if (reason.trim().length > MAX_REASON) errors.reason = 'reasonTooLong';
  return errors;
}
