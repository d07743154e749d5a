import { adminPath, useAdminQuery } from '@/features/admin/api/keys';
import type { ReceiptRules, ReuseRule } from '@/features/admin/api/types';
import type { Envelope } from '@/types/envelope';
import { api } from '@/lib/api-client';

export function useReceiptRules() {
  return useAdminQuery<ReceiptRules>(adminPath('settings/receipt-checks'));
}

export type ReceiptRulesInput = { near_duplicate_threshold: number; payment_methods: { id: number; reused_transaction_id: ReuseRule }[] };

/** Replaces the rules (a payment method left out blocks) and answers them as stored. */
export const saveReceiptRules = async (rules: ReceiptRulesInput) => (await api.put<Envelope<ReceiptRules>>('/admin/settings/receipt-checks', rules)).data;
