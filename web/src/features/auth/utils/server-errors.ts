import type { TFunction } from 'i18next';

import { isApiError } from '@/lib/api-client';
import { fieldErrors, requestErrorKey, serverMessage } from '@/lib/api-errors';

// The API answers in English with docs/spec.md §5/§8's texts. Known texts are shown
// in the UI language; anything else is shown as the server wrote it.
const known: Record<string, string> = {
  'Please enter your email or phone number': 'validation.loginIdRequired',
  'Username is required': 'validation.usernameRequired',
  'Username must be 50 characters or less': 'validation.usernameTooLong',
  'Username contains characters that are not allowed': 'serverErrors.usernameChars',
  'This username is already taken': 'serverErrors.usernameTaken',
  'Phone number is required': 'validation.phoneRequired',
  'Phone number must be 20 characters or less': 'validation.phoneTooLong',
  'Please enter a valid phone number': 'validation.resetPhoneInvalid',
  'This phone number is already registered': 'serverErrors.phoneTaken',
  'Email must be 100 characters or less': 'validation.emailTooLong',
  'Please enter a valid email address': 'validation.emailInvalid',
  'This email is already registered': 'serverErrors.emailTaken',
  'Password is required': 'validation.passwordRequired',
  'Password must be at least 6 characters': 'validation.passwordTooShort',
  'Password must be 128 characters or less': 'serverErrors.passwordTooLong',
  'Passwords do not match': 'validation.passwordsMismatch',
  'Please fill in both password fields': 'validation.resetPasswordsRequired',
  'Password must be at least 6 characters long': 'validation.resetPasswordTooShort',
  'Too many requests. Please try again later.': 'reset.errors.tooMany',
  'Phone numbers from this country are not supported.': 'reset.errors.phoneCountry',
  'We cannot send more codes right now. Please try again later.': 'reset.errors.smsBudget',
  'The phone number, email or password is incorrect.': 'serverErrors.loginFailed',
  'Please complete the security check.': 'captcha.required',
  'reCAPTCHA verification failed. Please try again.': 'reset.errors.captchaFailed',
  'The security check expired. Please verify again.': 'captcha.expired',
};

export function translateServerText(text: string, t: TFunction): string {
  const key = known[text.trim()];
  return key ? t(key as never) : text;
}

/** The first server error of each field (docs/spec.md §3), in the UI language. */
export function fieldErrorsOf(error: unknown, t: TFunction): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, text] of Object.entries(fieldErrors(error))) out[field] = translateServerText(text, t);
  return out;
}

/** A sentence for any failed request: the server's message, or the request error kind. */
export function messageOf(error: unknown, t: TFunction, fallback: string): string {
  if (!isApiError(error)) return fallback;
  const kind = requestErrorKey(error);
  if (kind) return t(kind);
  if (error.status === 429) return t('reset.errors.tooMany');
  const message = serverMessage(error);
  return message ? translateServerText(message, t) : fallback;
}
