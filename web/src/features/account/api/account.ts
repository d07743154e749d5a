import useSWR from 'swr';

import { api, getData } from '@/lib/api-client';
import type { Session } from '@/types/api';
import type { SessionUser } from '@/types/session';

// The account page's settings (docs/architecture.md#the-api-contract):
// every change answers the user as it now is, which the caller saves into
// the session so the header and the other sections show it at once.

export type Locale = 'my' | 'en';

interface UserAnswer {
  success: boolean;
  message?: string;
  data: SessionUser;
}

interface RevokedAnswer {
  success: boolean;
  message?: string;
  data: { revoked: number };
}

export const sessionsKey = '/account/sessions';

/** The live sessions of the signed-in customer, "this device" marked. */
export function useSessions() {
  return useSWR<Session[], unknown>(sessionsKey, () => getData<Session[]>(sessionsKey));
}

export function revokeSession(id: number) {
  return api.delete<RevokedAnswer>(`/account/sessions/${id}`);
}

export function revokeOtherSessions() {
  return api.post<RevokedAnswer>('/account/sessions/revoke-others');
}

export interface PasswordChange {
  current_password: string;
  password: string;
  password_confirmation: string;
}

export function changePassword(input: PasswordChange) {
  return api.put<RevokedAnswer>('/account/password', input);
}

export function changeEmail(email: string, password: string) {
  return api.put<UserAnswer>('/account/email', { email, password });
}

export function sendPhoneCode(phone_number: string, current_password: string) {
  return api.post<{ success: boolean; data: { phone_number: string; resend_in: number } }>('/account/phone/code', {
    phone_number,
    current_password,
  });
}

export function changePhone(phone_number: string, code: string) {
  return api.put<UserAnswer>('/account/phone', { phone_number, code });
}

export function saveLocale(locale: Locale) {
  return api.put<UserAnswer>('/account/locale', { locale });
}

export function requestDeletion(password: string) {
  return api.post<UserAnswer>('/account/deletion', { password });
}

export function cancelDeletion() {
  return api.delete<UserAnswer>('/account/deletion');
}
