// docs/spec.md §5 field rules. Each returns translation keys (under `validation.`) by field.

export type FieldErrors<F extends string> = Partial<Record<F, ValidationKey>>;

export type ValidationKey =
  | 'loginIdRequired'
  | 'passwordRequired'
  | 'usernameRequired'
  | 'usernameTooLong'
  | 'phoneRequired'
  | 'phoneTooLong'
  | 'emailTooLong'
  | 'emailInvalid'
  | 'passwordTooShort'
  | 'passwordsMismatch'
  | 'resetPhoneInvalid'
  | 'codeRequired'
  | 'resetPasswordsRequired'
  | 'resetPasswordTooShort';

/** loginId: the login field takes a phone or an e-mail, and an address may be 254 characters (RFC 5321). */
export const LIMITS = { username: 50, phone: 20, email: 100, loginId: 254, passwordMin: 6, code: 6 } as const;

/**
 * Whether a path segment could be someone's username under the register
 * rules (docs/spec.md §5, api/validate.go): 1–50 characters, something
 * visible, no control, bidi-override or line-separator characters.
 */
export function couldBeUsername(segment: string): boolean {
  const name = segment.trim();
  const length = [...name].length;
  if (length === 0 || length > LIMITS.username || name !== segment) return false;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\u061c\u2028\u2029\ufffd]/u.test(name)) return false;
  return /[^\s\p{Cf}\p{Mn}]/u.test(name);
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** docs/spec.md §4: a plus sign, a non-zero digit, then 9 to 14 digits. */
const PHONE_PATTERN = /^\+[1-9]\d{9,14}$/;
/**
 * A Myanmar mobile as customers type it, 09… or 9…, as login and register take it.
 * Only the shape: the server reads it to +959… (internal/phone) and is the judge.
 */
const LOCAL_PHONE_PATTERN = /^0?9\d{7,10}$/;

export function isEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}

/** A phone the server can read: international (+…) or a Myanmar number typed locally. */
export function isPhone(value: string): boolean {
  const number = normalizePhone(value);
  return PHONE_PATTERN.test(number) || LOCAL_PHONE_PATTERN.test(number);
}

/** Strips spaces and dashes people type in phone numbers and reads Burmese digits (၀–၉). */
export function normalizePhone(value: string): string {
  return value
    .trim()
    .replace(/[\s-]/g, '')
    .replace(/[၀-၉]/g, (digit) => String(digit.charCodeAt(0) - 0x1040));
}

export function validateLogin(values: { phone_number: string; password: string }) {
  const errors: FieldErrors<'phone_number' | 'password'> = {};
  if (!values.phone_number.trim()) errors.phone_number = 'loginIdRequired';
  if (!values.password) errors.password = 'passwordRequired';
  return errors;
}

export type RegisterField = 'username' | 'phone_number' | 'email' | 'password' | 'password_confirmation';

export function validateRegister(values: Record<RegisterField, string>) {
  const errors: FieldErrors<RegisterField> = {};
  const username = values.username.trim();
  if (!username) errors.username = 'usernameRequired';
  else if (username.length > LIMITS.username) errors.username = 'usernameTooLong';

  const phone = values.phone_number.trim();
  if (!phone) errors.phone_number = 'phoneRequired';
  else if (phone.length > LIMITS.phone) errors.phone_number = 'phoneTooLong';

  const email = values.email.trim();
  if (email.length > LIMITS.email) errors.email = 'emailTooLong';
  else if (email && !isEmail(email)) errors.email = 'emailInvalid';

  if (!values.password) errors.password = 'passwordRequired';
  else if (values.password.length < LIMITS.passwordMin) errors.password = 'passwordTooShort';

  if (values.password_confirmation !== values.password) errors.password_confirmation = 'passwordsMismatch';
  return errors;
}

/** Step 1 input: an e-mail (only warned about), a valid phone, or invalid. */
export function classifyResetId(value: string): 'email' | 'phone' | 'invalid' {
  if (isEmail(value)) return 'email';
  if (isPhone(value)) return 'phone';
  return 'invalid';
}

export function validateCode(code: string): ValidationKey | undefined {
  return code.trim() ? undefined : 'codeRequired';
}

export function validateNewPassword(password: string, confirmation: string): ValidationKey | undefined {
  if (!password || !confirmation) return 'resetPasswordsRequired';
  if (password !== confirmation) return 'passwordsMismatch';
  if (password.length < LIMITS.passwordMin) return 'resetPasswordTooShort';
  return undefined;
}

/** docs/spec.md §2 'Admin Access Detected': the typed e-mail contains 'admin' or the phone contains '0000'. */
export function looksLikeAdmin(identifier: string, email = ''): boolean {
  const candidates = [identifier, email].map((value) => value.trim().toLowerCase());
  return candidates.some((value) => (value.includes('@') ? value.includes('admin') : value.includes('0000')));
}

export function hasErrors(errors: object): boolean {
  return Object.values(errors).some(Boolean);
}
