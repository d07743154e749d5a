const groupedInteger = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** Whole kyat, rounded down (docs/spec.md: prices are shown rounded down); bad input is 0. */
export function toKyat(value: number | string | null | undefined): number {
  const amount = typeof value === 'string' ? Number.parseFloat(value) : (value ?? 0);
  return Number.isFinite(amount) ? Math.floor(amount) : 0;
}

/** 1234567 → "1,234,567". Digits stay Latin in both languages, as on receipts and bank apps. */
export function formatAmount(value: number | string | null | undefined): string {
  return groupedInteger.format(toKyat(value));
}
