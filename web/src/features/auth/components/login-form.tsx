import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

import { LoginIcon } from '@/components/ui/icons';
import { PasswordField } from '@/components/ui/password-field';
import { TextField } from '@/components/ui/text-field';
import { paths } from '@/config/paths';
import { getUser, login } from '@/features/auth/api/auth';
import { AdminBadge } from '@/features/auth/components/admin-badge';
import { AuthFormEnd, AuthResultDialogs } from '@/features/auth/components/auth-form-parts';
import { ForgotPasswordOverlay } from '@/features/auth/components/forgot-password-overlay';
import { CAPTCHA_CODES, useCaptcha } from '@/features/auth/hooks/use-captcha';
import { messageOf } from '@/features/auth/utils/server-errors';
import { captchaRequired, errorCode } from '@/lib/api-errors';
import { hasErrors, LIMITS, looksLikeAdmin, validateLogin, type ValidationKey } from '@/features/auth/utils/validation';
import { useFormState } from '@/hooks/use-form-state';
import { hardRedirect, localPath, loginPath } from '@/lib/navigation';
import { saveUser, startSession } from '@/lib/session';

const REMEMBER_KEY = 'remembered_login';

function remembered(): string {
  try {
    return localStorage.getItem(REMEMBER_KEY) ?? '';
  } catch {
    return '';
  }
}

function remember(identifier: string | null) {
  try {
    if (identifier) localStorage.setItem(REMEMBER_KEY, identifier);
    else localStorage.removeItem(REMEMBER_KEY);
  } catch {
    // storage disabled
  }
}

type Field = 'phone_number' | 'password';

/** docs/spec.md §2 Login: phone or e-mail, password, remember me, forgot password. */
export function LoginForm() {
  const { t } = useTranslation();
  const { values, errors, setErrors, update, serverError, setServerError, pending: loading, setPending: setLoading } = useFormState<Field, ValidationKey>(() => ({
    phone_number: remembered(),
    password: '',
  }));
  const [rememberMe, setRememberMe] = useState(() => remembered() !== '');
  const [dialog, setDialog] = useState<'failure' | null>(null);
  const [resetOpen, setResetOpen] = useState(false);
  // After 3 failed logins for an account the server wants a captcha with each
  // try; the widget loads only then.
  const [captchaNeeded, setCaptchaNeeded] = useState(false);
  const { containerRef: captchaBox, solve, restart } = useCaptcha(captchaNeeded);
  // Where a guest was asked to sign in (the order or top-up they were on).
  const next = localPath(useSearchParams()[0].get('next'));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateLogin(values);
    setErrors(found);
    if (hasErrors(found)) return;
    setLoading(true);
    setServerError('');
    let captchaToken: string | undefined;
    if (captchaNeeded) {
      try {
        captchaToken = await solve();
      } catch {
        setServerError(t('reset.errors.captchaFailed'));
        restart();
        setLoading(false);
        return;
      }
    }
    try {
      const identifier = values.phone_number.trim();
      const response = await login({ phone_number: identifier, password: values.password, captcha_token: captchaToken });
      startSession(response.token, response.user, { quiet: true });
      remember(rememberMe ? identifier : null);
      let user = response.user;
      try {
        user = await getUser(response.user.id);
        saveUser(user, { quiet: true });
      } catch (error) {
        console.warn('Could not refresh the user after login', error);
      }
      // Straight in: a success pop-up would only delay the store.
      hardRedirect(user.is_admin ? paths.dashboard : (next ?? paths.home));
    } catch (error) {
      const code = errorCode(error);
      if (code && CAPTCHA_CODES.includes(code)) {
        // The account has failed before (perhaps not here): one more press
        // solves the captcha, which is not the customer's mistake.
        setCaptchaNeeded(true);
        setServerError(code === 'captcha_required' ? t('captcha.retry') : messageOf(error, t, t('reset.errors.captchaFailed')));
        return;
      }
      if (captchaRequired(error)) setCaptchaNeeded(true);
      setServerError(messageOf(error, t, t('auth.login.fallbackError')));
      setDialog('failure');
    } finally {
      setLoading(false);
    }
  };

  return (
    <>
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-5">
        {looksLikeAdmin(values.phone_number) && <AdminBadge />}
        <TextField
          label={t('auth.fields.loginId')}
          name="phone_number"
          autoComplete="username"
          inputMode="text"
          maxLength={LIMITS.loginId}
          placeholder={t('auth.placeholders.loginId')}
          value={values.phone_number}
          onChange={(event) => update('phone_number', event.target.value)}
          error={errors.phone_number && t(`validation.${errors.phone_number}`)}
        />
        <PasswordField
          label={t('auth.fields.password')}
          name="password"
          autoComplete="current-password"
          placeholder={t('auth.placeholders.password')}
          value={values.password}
          onChange={(event) => update('password', event.target.value)}
          error={errors.password && t(`validation.${errors.password}`)}
        />
        <div className="flex flex-wrap items-center justify-between gap-3">
          <label className="inline-flex cursor-pointer items-center gap-2 text-sm text-slate-700 dark:text-slate-200">
            <input
              type="checkbox"
              checked={rememberMe}
              onChange={(event) => setRememberMe(event.target.checked)}
              className="size-4 rounded accent-violet-600"
            />
            {t('auth.login.remember')}
          </label>
          <button
            type="button"
            onClick={() => setResetOpen(true)}
            className="text-sm font-semibold text-violet-700 hover:underline dark:text-violet-300"
          >
            {t('auth.login.forgot')}
          </button>
        </div>
        <AuthFormEnd
          form="login"
          captchaRef={captchaBox}
          serverError={serverError}
          loading={loading}
          icon={<LoginIcon className="size-5" />}
          other={{ prompt: t('auth.login.noAccount'), label: t('auth.login.toRegister'), to: loginPath(next, paths.register) }}
        />
      </form>
      <AuthResultDialogs form="login" dialog={dialog} onFailureClose={() => setDialog(null)} />
      <ForgotPasswordOverlay open={resetOpen} onClose={() => setResetOpen(false)} />
    </>
  );
}
