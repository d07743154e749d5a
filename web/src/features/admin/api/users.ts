import { adminPath, useAdminQuery } from '@/features/admin/api/keys';
import type { AdminUser, EventResult, LedgerEntry, UserDetail } from '@/features/admin/api/types';
import type { DeletionRequest, Page } from '@/types/api';
import type { Envelope } from '@/types/envelope';
import { api } from '@/lib/api-client';

export type UserFilter = { q?: string; banned?: string; page: number };

export function useUsers(filter: UserFilter, enabled = true) {
  return useAdminQuery<Page<AdminUser>>(enabled ? adminPath('users', { ...filter, per_page: 20 }) : null);
}

export function useUser(id: number) {
  return useAdminQuery<UserDetail>(adminPath(`users/${id}`));
}

export function useLedger(id: number, before: number | undefined) {
  return useAdminQuery<LedgerEntry[]>(adminPath(`users/${id}/ledger`, { before, limit: 50 }));
}

export const banUser = (id: number, reason: string) => api.post(`/admin/users/${id}/ban`, { reason });
export const unbanUser = (id: number, reason: string) => api.post(`/admin/users/${id}/unban`, { reason });

/** A ledger entry; the key makes a retried request (double tap, timeout) safe. */
export const adjustWallet = (id: number, amount: number, reason: string, key: string) =>
  api.post(`/admin/users/${id}/wallet`, { amount, reason }, { headers: { 'Idempotency-Key': key } });

export const sendMessage = (id: number, title: string, body: string) => api.post(`/messages/user/${id}`, { title, body });

export const publishEvent = async (userId: number, event: string, data: unknown) => {
  const body = await api.post<Envelope<EventResult>>('/admin/events', { user_id: userId, event, data });
  return body.data;
};

/** Accounts whose owners asked for deletion, oldest first. */
export function useDeletionRequests() {
  return useAdminQuery<DeletionRequest[]>(adminPath('account-deletions'));
}

/** Anonymises an account whose owner asked for it (its wallet must be empty). */
export const completeDeletion = (id: number) => api.post(`/admin/users/${id}/delete`);
