import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

import { UserPlusIcon } from '@/components/ui/icons';
import { PasswordField } from '@/components/ui/password-field';
import { TextField } from '@/components/ui/text-field';
import { register } from '@/features/auth/api/auth';
import { AdminBadge } from '@/features/auth/components/admin-badge';
import { AuthFormEnd, AuthResultDialogs } from '@/features/auth/components/auth-form-parts';
import { CAPTCHA_CODES, useCaptcha } from '@/features/auth/hooks/use-captcha';
import { fieldErrorsOf, messageOf } from '@/features/auth/utils/server-errors';
import { errorCode } from '@/lib/api-errors';
import { loginPath } from '@/lib/navigation';
import { useFormState } from '@/hooks/use-form-state';
import { hasErrors, LIMITS, looksLikeAdmin, validateRegister, type RegisterField } from '@/features/auth/utils/validation';

const empty: Record<RegisterField, string> = { username: '', phone_number: '', email: '', password: '', password_confirmation: '' };

/** docs/spec.md §2 Register. */
export function RegisterForm() {
  const { t } = useTranslation();
  const { values, setValues, errors, setErrors, update, serverError, setServerError, pending: loading, setPending: setLoading } = useFormState<RegisterField>(empty);
  const [dialog, setDialog] = useState<'success' | 'failure' | null>(null);
  // A guest asked to sign in at an order or top-up signs in after registering and goes back there.
  const next = useSearchParams()[0].get('next') ?? undefined;
  // Every sign-up carries a solved captcha; its code loads with the form.
  const { containerRef: captchaBox, ready: captchaReady, failed: captchaFailed, solve, restart } = useCaptcha(true);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateRegister(values);
    const translated: Partial<Record<RegisterField, string>> = {};
    for (const [field, key] of Object.entries(found)) translated[field as RegisterField] = t(`validation.${key}`);
    setErrors(translated);
    if (hasErrors(found)) return;
    setLoading(true);
    setServerError('');
    let captchaToken: string;
    try {
      captchaToken = await solve();
    } catch {
      setServerError(t(captchaReady ? 'reset.errors.captchaFailed' : 'reset.errors.captchaNotReady'));
      if (captchaFailed) restart();
      setLoading(false);
      return;
    }
    try {
      await register({
        username: values.username.trim(),
        phone_number: values.phone_number.trim(),
        email: values.email.trim(),
        password: values.password,
        password_confirmation: values.password_confirmation,
        captcha_token: captchaToken,
      });
      setValues(empty);
      setDialog('success');
    } catch (error) {
      setServerError(messageOf(error, t, t('auth.register.fallbackError')));
      // A refused captcha is not the customer's mistake: no failure dialog.
      const code = errorCode(error);
      if (code && CAPTCHA_CODES.includes(code)) return;
      setErrors(fieldErrorsOf(error, t));
      setDialog('failure');
    } finally {
      setLoading(false);
    }
  };

  const field = (name: RegisterField) => ({
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) => update(name, event.target.value),
    error: errors[name],
  });

  return (
    <>
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-5">
        {looksLikeAdmin(values.phone_number, values.email) && <AdminBadge />}
        <TextField label={t('auth.fields.username')} autoComplete="username" maxLength={LIMITS.username} placeholder={t('auth.placeholders.username')} {...field('username')} />
        <TextField
          label={t('auth.fields.phone')}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          maxLength={LIMITS.phone}
          placeholder={t('auth.placeholders.phone')}
          {...field('phone_number')}
        />
        <TextField
          label={t('auth.fields.emailOptional')}
          type="email"
          inputMode="email"
          autoComplete="email"
          maxLength={LIMITS.email}
          placeholder={t('auth.placeholders.email')}
          {...field('email')}
        />
        <PasswordField label={t('auth.fields.password')} autoComplete="new-password" placeholder={t('auth.placeholders.newPassword')} {...field('password')} />
        <PasswordField
          label={t('auth.fields.confirmPassword')}
          autoComplete="new-password"
          placeholder={t('auth.placeholders.confirmPassword')}
          {...field('password_confirmation')}
        />
        <AuthFormEnd
          form="register"
          captchaRef={captchaBox}
          serverError={serverError}
          loading={loading}
          icon={<UserPlusIcon className="size-5" />}
          other={{ prompt: t('auth.register.haveAccount'), label: t('auth.register.toLogin'), to: loginPath(next) }}
        />
      </form>
      <AuthResultDialogs form="register" dialog={dialog} successTo={loginPath(next)} onSuccessClose={() => setDialog(null)} onFailureClose={() => setDialog(null)} />
    </>
  );
}
