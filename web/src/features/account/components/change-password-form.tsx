import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';

import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { PasswordField } from '@/components/ui/password-field';
import { changePassword, sessionsKey } from '@/features/account/api/account';
import { CurrentPasswordField } from '@/features/account/components/current-password-field';
import { SavedNote, SettingsCard } from '@/features/account/components/settings-card';
import { useAccountError } from '@/features/account/hooks/use-account-error';
import { useFormState } from '@/hooks/use-form-state';

type Field = 'current_password' | 'password' | 'password_confirmation';

// The register screen's rule (api/validate.go): checked here first so a
// typo costs no round trip; the server checks again.
const MIN_PASSWORD = 6;

/** Change password: the current one, then the new one twice. Every other device is signed out; this one stays. */
export function ChangePasswordForm() {
  const { t } = useTranslation();
  const { mutate } = useSWRConfig();
  const errorWords = useAccountError();
  const { values, setValues, errors, setErrors, update, serverError, setServerError, pending, setPending } = useFormState<Field>({
    current_password: '',
    password: '',
    password_confirmation: '',
  });
  const [saved, setSaved] = useState('');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaved('');
    const found: Partial<Record<Field, string>> = {};
    if (!values.current_password) found.current_password = t('account.password.currentRequired');
    if (values.password.length < MIN_PASSWORD) found.password = t('errors.codes.password_too_short');
    else if (values.password !== values.password_confirmation) found.password_confirmation = t('account.password.mismatch');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setPending(true);
    setServerError('');
    try {
      const answer = await changePassword(values);
      setValues({ current_password: '', password: '', password_confirmation: '' });
      setSaved(t('account.password.saved', { count: answer.data.revoked }));
      void mutate(sessionsKey);
    } catch (error) {
      const fields: Partial<Record<Field, string>> = {};
      for (const name of ['current_password', 'password', 'password_confirmation'] as const) {
        const text = errorWords.field(error, name);
        if (text) fields[name] = text;
      }
      setErrors(fields);
      if (Object.keys(fields).length === 0) setServerError(errorWords.message(error));
    } finally {
      setPending(false);
    }
  };

  return (
    <SettingsCard id="account-password" title={t('account.password.title')} description={t('account.password.description')}>
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
        <CurrentPasswordField
          name="current_password"
          value={values.current_password}
          onChange={(value) => update('current_password', value)}
          error={errors.current_password}
        />
        <PasswordField
          label={t('account.password.new')}
          name="password"
          autoComplete="new-password"
          value={values.password}
          onChange={(event) => update('password', event.target.value)}
          error={errors.password}
        />
        <PasswordField
          label={t('account.password.confirm')}
          name="password_confirmation"
          autoComplete="new-password"
          value={values.password_confirmation}
          onChange={(event) => update('password_confirmation', event.target.value)}
          error={errors.password_confirmation}
        />
        <FormAlert>{serverError}</FormAlert>
        <SavedNote>{saved}</SavedNote>
        <Button type="submit" loading={pending} className="self-start">
          {t('account.password.submit')}
        </Button>
      </form>
    </SettingsCard>
  );
}
