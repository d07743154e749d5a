import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { createPortal } from 'react-dom';

import { ThemeToggle } from '@/components/theme/theme-toggle';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { ArrowLeftIcon, LockIcon } from '@/components/ui/icons';
import { NotificationDialog, type NotificationKind } from '@/components/ui/notification-dialog';
import { PasswordField } from '@/components/ui/password-field';
import { TextField } from '@/components/ui/text-field';
import { paths } from '@/config/paths';
import { resetPassword, sendOtp, verifyOtp } from '@/features/auth/api/auth';
import { CAPTCHA_CODES, useCaptcha } from '@/features/auth/hooks/use-captcha';
import { errorCode, retryAfter } from '@/lib/api-errors';
import { classifyResetId, LIMITS, normalizePhone, validateCode, validateNewPassword } from '@/features/auth/utils/validation';
import { formatCountdown, useCountdown } from '@/hooks/use-countdown';
import { useEscapeKey } from '@/hooks/use-escape-key';
import { useFocusTrap } from '@/hooks/use-focus-trap';
import { useFormState } from '@/hooks/use-form-state';
import { useLockBodyScroll } from '@/hooks/use-lock-body-scroll';
import { isApiError } from '@/lib/api-client';

/** docs/spec.md §2: the captcha is set up 100 ms after the overlay opens. */
export const CAPTCHA_DELAY_MS = 100;
/** The server's gap between two codes, used when an answer does not say. */
const DEFAULT_RESEND_SECONDS = 60;

type Step = 1 | 2 | 3;
type ResetField = 'phone' | 'code' | 'password' | 'confirmation';
const blank: Record<ResetField, string> = { phone: '', code: '', password: '', confirmation: '' };
type Notice = { kind: NotificationKind; title: string; message: string; button: string; to?: string };

/** A step's Back and submit buttons, side by side. */
function BackAndSubmit({ loading, disabled, label, onBack }: { loading: boolean; disabled?: boolean; label: string; onBack: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="grid grid-cols-2 gap-3">
      <Button variant="secondary" icon={<ArrowLeftIcon className="size-4" />} disabled={loading} onClick={onBack}>
        {t('reset.back')}
      </Button>
      <Button type="submit" loading={loading} disabled={disabled}>
        {label}
      </Button>
    </div>
  );
}

/** The three-step reset: phone → 6-digit code → new password (docs/spec.md §2, §4, §5, §8). */
export function ForgotPasswordOverlay({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const [step, setStep] = useState<Step>(1);
  const { values, setValues, update, serverError: error, setServerError: setError, pending: loading, setPending: setLoading } = useFormState<ResetField>(blank);
  const { phone, code, password, confirmation } = values;
  const [verified, setVerified] = useState<{ phone: string; token: string } | null>(null);
  const [sentTo, setSentTo] = useState('');
  const [notice, setNotice] = useState<Notice | null>(null);
  // Seconds until another code may be asked for (the server's resend_in or Retry-After).
  const countdown = useCountdown();

  const { containerRef: captchaBox, ready: captchaReady, failed: captchaFailed, solve, restart } = useCaptcha(open, CAPTCHA_DELAY_MS);

  const close = () => {
    if (loading) return;
    setStep(1);
    setValues(blank);
    setVerified(null);
    setError('');
    onClose();
  };
  useEscapeKey(open && notice === null, close);
  useLockBodyScroll(open);
  const trap = useFocusTrap<HTMLElement>(open);

  /** A field edit clears the step's error. */
  const edit = (field: ResetField, value: string) => {
    update(field, value);
    setError('');
  };

  const toStep = (next: Step) => {
    setError('');
    setStep(next);
  };

  /** Solves the captcha and asks for a code to `number`; true when one was sent. */
  const requestCode = async (number: string): Promise<boolean> => {
    if (!captchaReady) {
      setError(t('reset.errors.captchaNotReady'));
      return false;
    }
    setLoading(true);
    setError('');
    try {
      let captchaToken: string;
      try {
        captchaToken = await solve();
      } catch {
        setError(t('reset.errors.captchaFailed'));
        restart();
        return false;
      }
      const sent = await sendOtp(number, captchaToken);
      countdown.start(sent.data?.resend_in ?? DEFAULT_RESEND_SECONDS);
      // The server answers the number as it reads it (+959…): the later steps use that one.
      setSentTo(sent.data?.phone_number ?? number);
      return true;
    } catch (failure) {
      const code = errorCode(failure);
      if (code === 'invalid_phone') setError(t('reset.errors.phoneFormat'));
      else if (code === 'phone_not_found') setError(t('reset.errors.phoneNotFound'));
      else if (code === 'phone_country_unsupported') setError(t('reset.errors.phoneCountry'));
      else if (code === 'sms_budget_spent') setError(t('reset.errors.smsBudget'));
      else if (code === 'captcha_expired') setError(t('captcha.expired'));
      else if (code && CAPTCHA_CODES.includes(code)) setError(t('reset.errors.captchaFailed'));
      else if (isApiError(failure) && failure.status === 429) setError(t('reset.errors.tooMany'));
      else setError(t('reset.errors.sendFailed'));
      const wait = retryAfter(failure);
      if (wait) countdown.start(wait);
      return false;
    } finally {
      setLoading(false);
    }
  };

  const send = async (event: FormEvent) => {
    event.preventDefault();
    setError('');
    const kind = classifyResetId(phone);
    if (kind === 'email') {
      setNotice({ kind: 'warning', title: t('reset.emailTitle'), message: t('reset.emailBody'), button: t('reset.emailButton') });
      return;
    }
    if (kind === 'invalid') {
      setError(t('validation.resetPhoneInvalid'));
      return;
    }
    const number = normalizePhone(phone);
    if (await requestCode(number)) {
      update('code', '');
      toStep(2);
    }
  };

  const resend = async () => {
    if (await requestCode(sentTo)) update('code', '');
  };

  const verify = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = validateCode(code);
    if (invalid) {
      setError(t(`validation.${invalid}`));
      return;
    }
    if (!sentTo) {
      setError(t('reset.errors.notRequested'));
      return;
    }
    setLoading(true);
    setError('');
    try {
      const body = await verifyOtp(sentTo, code.trim());
      const data = body as { reset_token?: string; data?: { reset_token?: string } };
      const token = data.data?.reset_token ?? data.reset_token ?? '';
      setVerified({ phone: sentTo, token });
      update('password', '');
      update('confirmation', '');
      toStep(3);
    } catch (failure) {
      const code = errorCode(failure);
      if (code === 'otp_expired' || code === 'otp_used') {
        update('code', '');
        toStep(1);
        setError(t('reset.errors.codeExpired'));
      } else if (code === 'otp_invalid') setError(t('reset.errors.codeInvalid'));
      else if (code === 'otp_not_requested') setError(t('reset.errors.notRequested'));
      else if (isApiError(failure) && failure.status === 429) setError(t('reset.errors.tooMany'));
      else setError(t('reset.errors.verifyFailed'));
    } finally {
      setLoading(false);
    }
  };

  const reset = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = validateNewPassword(password, confirmation);
    if (invalid) {
      setError(t(`validation.${invalid}`));
      return;
    }
    if (!verified) {
      toStep(1);
      setError(t('reset.errors.sessionExpired'));
      return;
    }
    setLoading(true);
    setError('');
    try {
      await resetPassword({ phone_number: verified.phone, password, password_confirmation: confirmation, reset_token: verified.token });
      setNotice({ kind: 'success', title: t('reset.successTitle'), message: t('reset.successBody'), button: t('reset.successButton'), to: paths.login });
    } catch (failure) {
      const code = errorCode(failure);
      if (code === 'phone_not_found') {
        toStep(1);
        setError(t('reset.errors.phoneNotFound'));
      } else if (code === 'reset_session_expired') {
        toStep(1);
        setError(t('reset.errors.sessionExpired'));
      } else setError(t('reset.errors.resetFailed'));
    } finally {
      setLoading(false);
    }
  };

  if (!open) return null;

  const stepTitles = [t('reset.step1Title'), t('reset.step2Title'), t('reset.step3Title')];
  const shownError = error || (captchaFailed ? t('reset.errors.captchaInit') : '');
  const errorBlock = <FormAlert>{shownError}</FormAlert>;

  return createPortal(
    <div className="fixed inset-0 z-[55] flex items-end justify-center sm:items-center sm:p-6">
      <div aria-hidden="true" className="animate-fade-in absolute inset-0 bg-ink-950/60 backdrop-blur-sm" onClick={close} />
      <section
        ref={trap}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className="animate-sheet-up relative flex max-h-[100dvh] w-full max-w-md flex-col gap-5 overflow-y-auto rounded-t-3xl border border-slate-200 bg-white p-5 pb-[max(1.25rem,env(safe-area-inset-bottom))] shadow-2xl sm:animate-fade-in sm:rounded-3xl sm:p-7 dark:border-white/10 dark:bg-ink-900"
      >
        <header className="flex items-start justify-between gap-3">
          <div className="flex items-center gap-3">
            <span className="flex size-11 shrink-0 items-center justify-center rounded-2xl bg-violet-100 text-violet-700 dark:bg-violet-500/15 dark:text-violet-300">
              <LockIcon />
            </span>
            <div>
              <h2 id={titleId} className="text-lg font-bold">
                {t('reset.title')}
              </h2>
              <p className="text-xs text-muted">{t('reset.stepOf', { step, total: 3 })}</p>
            </div>
          </div>
          <ThemeToggle />
        </header>
        <ol className="grid grid-cols-3 gap-2" aria-label={t('reset.progress')}>
          {stepTitles.map((title, index) => (
            <li
              key={title}
              aria-current={index + 1 === step ? 'step' : undefined}
              className={`h-1.5 rounded-full ${index + 1 <= step ? 'bg-gradient-to-r from-violet-600 to-indigo-500' : 'bg-slate-200 dark:bg-white/10'}`}
            >
              <span className="sr-only">{title}</span>
            </li>
          ))}
        </ol>
        <h3 className="text-base font-semibold">{stepTitles[step - 1]}</h3>

        {step === 1 && (
          <form noValidate onSubmit={(event) => void send(event)} className="flex flex-col gap-4">
            <TextField
              label={t('reset.phoneLabel')}
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              placeholder="+959123456789"
              maxLength={LIMITS.phone}
              hint={t('reset.phoneHint')}
              value={phone}
              onChange={(event) => edit('phone', event.target.value)}
            />
            {errorBlock}
            {error && countdown.left > 0 && (
              <p className="text-sm text-slate-600 dark:text-slate-300">{t('reset.tryAgainIn', { time: formatCountdown(countdown.left) })}</p>
            )}
            <Button type="submit" loading={loading} disabled={!captchaReady} className="w-full">
              {loading ? t('reset.sending') : t('reset.sendCode')}
            </Button>
          </form>
        )}

        {step === 2 && (
          <form noValidate onSubmit={(event) => void verify(event)} className="flex flex-col gap-4">
            <p className="text-sm text-slate-600 dark:text-slate-300">{t('reset.codeSent', { phone: sentTo })}</p>
            {countdown.left > 0 ? (
              <p role="timer" aria-live="off" className="text-sm text-muted">
                {t('reset.resendIn', { time: formatCountdown(countdown.left) })}
              </p>
            ) : (
              <button
                type="button"
                disabled={loading}
                onClick={() => void resend()}
                className="self-start text-sm font-semibold text-violet-700 hover:underline disabled:opacity-50 dark:text-violet-300"
              >
                {t('reset.resend')}
              </button>
            )}
            <TextField
              label={t('reset.codeLabel')}
              inputMode="numeric"
              autoComplete="one-time-code"
              placeholder="123456"
              maxLength={LIMITS.code}
              className="[&_input]:text-center [&_input]:font-mono [&_input]:text-xl [&_input]:tracking-[0.5em]"
              value={code}
              onChange={(event) => edit('code', event.target.value.replace(/\D/g, '').slice(0, LIMITS.code))}
            />
            {errorBlock}
            <BackAndSubmit
              loading={loading}
              disabled={code.length !== LIMITS.code}
              label={loading ? t('reset.verifying') : t('reset.verify')}
              onBack={() => {
                update('code', '');
                toStep(1);
              }}
            />
          </form>
        )}

        {step === 3 && (
          <form noValidate onSubmit={(event) => void reset(event)} className="flex flex-col gap-4">
            <PasswordField
              label={t('reset.newPassword')}
              autoComplete="new-password"
              value={password}
              onChange={(event) => edit('password', event.target.value)}
            />
            <PasswordField
              label={t('reset.confirmPassword')}
              autoComplete="new-password"
              value={confirmation}
              onChange={(event) => edit('confirmation', event.target.value)}
            />
            {errorBlock}
            <BackAndSubmit
              loading={loading}
              label={loading ? t('reset.resetting') : t('reset.reset')}
              onBack={() => {
                update('password', '');
                update('confirmation', '');
                toStep(2);
              }}
            />
          </form>
        )}

        <button
          type="button"
          onClick={close}
          disabled={loading}
          className="self-center text-sm font-semibold text-muted hover:text-slate-800 disabled:opacity-50 dark:text-slate-400 dark:hover:text-slate-100"
        >
          {t('reset.cancel')}
        </button>
        {/* The invisible captcha renders here (docs/spec.md §2). */}
        <div ref={captchaBox} data-testid="captcha-container" />
      </section>
      {notice && (
        <NotificationDialog
          open
          kind={notice.kind}
          title={notice.title}
          message={notice.message}
          buttonLabel={notice.button}
          to={notice.to}
          onClose={() => {
            const done = notice.kind === 'success';
            setNotice(null);
            if (done) close();
          }}
        />
      )}
    </div>,
    document.body,
  );
}
