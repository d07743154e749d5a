import { api, getData } from '@/lib/api-client';
import type { SessionUser } from '@/types/session';

export interface LoginInput {
  /** A phone number or an e-mail address. */
  phone_number: string;
  password: string;
  /** Needed once the account has failed to log in 3 times (the server says captcha_required). */
  captcha_token?: string;
}

export interface LoginResponse {
  success: boolean;
  token: string;
  user: SessionUser;
  message?: string;
}

export function login(input: LoginInput) {
  return api.post<LoginResponse>('/login', input, { auth: false });
}

export interface RegisterInput {
  username: string;
  phone_number: string;
  email?: string;
  password: string;
  password_confirmation: string;
  captcha_token: string;
}

export function register(input: RegisterInput) {
  // docs/spec.md §3: e-mail is omitted when empty.
  const payload: RegisterInput = { ...input };
  if (!payload.email) delete payload.email;
  return api.post<{ success: boolean; message?: string; user?: SessionUser }>('/register', payload, { auth: false });
}

export function logout() {
  return api.post<{ success: boolean }>('/logout');
}

export const userKey = (id: number) => `/user/${id}`;

export function getUser(id: number): Promise<SessionUser> {
  return getData<SessionUser>(userKey(id));
}

export interface SendOtpResponse {
  success: boolean;
  message?: string;
  /** `resend_in`: seconds until another code may be asked for. */
  data?: { phone_number?: string; expires_in?: number; resend_in?: number };
}

export function sendOtp(phone_number: string, captcha_token: string) {
  return api.post<SendOtpResponse>('/otp/send', { phone_number, captcha_token }, { auth: false });
}

export function verifyOtp(phone_number: string, code: string) {
  return api.post<{ success: boolean; reset_token: string; message?: string }>('/otp/verify', { phone_number, code }, { auth: false });
}

export interface ResetInput {
  phone_number: string;
  password: string;
  password_confirmation: string;
  reset_token: string;
}

export function resetPassword(input: ResetInput) {
  return api.post<{ success: boolean; message?: string }>('/reset-password-phone', input, { auth: false });
}
