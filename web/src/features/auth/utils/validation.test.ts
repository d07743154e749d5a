import { describe, expect, it } from 'vitest';

import {
  classifyResetId,
  looksLikeAdmin,
  validateCode,
  validateLogin,
  validateNewPassword,
  validateRegister,
} from '@/features/auth/utils/validation';

const valid = { username: 'aungaung', phone_number: '09123456789', email: '', password: 'secret1', password_confirmation: 'secret1' };

describe('docs/spec.md §5 validation', () => {
  it('login needs an identifier and a password', () => {
    expect(validateLogin({ phone_number: '  ', password: '' })).toEqual({ phone_number: 'loginIdRequired', password: 'passwordRequired' });
    expect(validateLogin({ phone_number: 'a@b.co', password: 'x' })).toEqual({});
  });

  it.each([
    [{ username: '' }, { username: 'usernameRequired' }],
    [{ username: 'a'.repeat(51) }, { username: 'usernameTooLong' }],
    [{ username: 'a'.repeat(50) }, {}],
    [{ phone_number: '' }, { phone_number: 'phoneRequired' }],
    [{ phone_number: '0'.repeat(21) }, { phone_number: 'phoneTooLong' }],
    [{ email: 'not-an-email' }, { email: 'emailInvalid' }],
    [{ email: `${'a'.repeat(95)}@b.com` }, { email: 'emailTooLong' }],
    [{ email: 'mg@example.com' }, {}],
    [{ password: '', password_confirmation: '' }, { password: 'passwordRequired' }],
    [{ password: '12345', password_confirmation: '12345' }, { password: 'passwordTooShort' }],
    [{ password_confirmation: 'other1' }, { password_confirmation: 'passwordsMismatch' }],
  ])('register %o → %o', (change, expected) => {
    expect(validateRegister({ ...valid, ...change })).toEqual(expected);
  });

  it('classifies the reset input as e-mail, phone (international, or Myanmar as typed) or invalid', () => {
    expect(classifyResetId('mg@example.com')).toBe('email');
    expect(classifyResetId('+959123456789')).toBe('phone');
    expect(classifyResetId('+95 9 123 456 789')).toBe('phone');
    expect(classifyResetId('09123456789')).toBe('phone');
    expect(classifyResetId('9123456789')).toBe('phone');
    expect(classifyResetId('09 123-456-789')).toBe('phone');
    expect(classifyResetId('၀၉၁၂၃၄၅၆၇၈၉')).toBe('phone');
    expect(classifyResetId('+0959123456')).toBe('invalid');
    expect(classifyResetId('0912')).toBe('invalid');
    expect(classifyResetId('08123456789')).toBe('invalid');
    expect(classifyResetId('09abc456789')).toBe('invalid');
    expect(classifyResetId('+12345678')).toBe('invalid');
    expect(classifyResetId('+1234567890123456')).toBe('invalid');
  });

  it('checks the code and the new passwords in docs/spec.md order', () => {
    expect(validateCode('')).toBe('codeRequired');
    expect(validateCode('123456')).toBeUndefined();
    expect(validateNewPassword('', 'x')).toBe('resetPasswordsRequired');
    expect(validateNewPassword('abcdef', 'abcdeg')).toBe('passwordsMismatch');
    expect(validateNewPassword('abc', 'abc')).toBe('resetPasswordTooShort');
    expect(validateNewPassword('abcdef', 'abcdef')).toBeUndefined();
  });

  it('detects admin-looking input', () => {
    expect(looksLikeAdmin('admin@shwe.com')).toBe(true);
    expect(looksLikeAdmin('0900001234')).toBe(true);
    expect(looksLikeAdmin('09123456789')).toBe(false);
    expect(looksLikeAdmin('09123', 'boss.admin@x.com')).toBe(true);
  });
});
