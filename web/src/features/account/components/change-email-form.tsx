import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { TextField } from '@/components/ui/text-field';
import { changeEmail } from '@/features/account/api/account';
import { CurrentPasswordField } from '@/features/account/components/current-password-field';
import { SavedNote, SettingsCard } from '@/features/account/components/settings-card';
import { useAccountError } from '@/features/account/hooks/use-account-error';
import { useFormState } from '@/hooks/use-form-state';
import { saveUser } from '@/lib/session';
import type { SessionUser } from '@/types/session';

type Field = 'email' | 'password';

/** Change e-mail: the new address and the password. */
export function ChangeEmailForm({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const errorWords = useAccountError();
  const { values, setValues, errors, setErrors, update, serverError, setServerError, pending, setPending } = useFormState<Field>({ email: '', password: '' });
  const [saved, setSaved] = useState('');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaved('');
    const found: Partial<Record<Field, string>> = {};
    if (!values.email.trim()) found.email = t('account.email.required');
    if (!values.password) found.password = t('account.password.currentRequired');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setPending(true);
    setServerError('');
    try {
      const answer = await changeEmail(values.email.trim(), values.password);
      saveUser(answer.data);
      setValues({ email: '', password: '' });
      setSaved(t('account.email.saved'));
    } catch (error) {
      const fields = { email: errorWords.field(error, 'email'), password: errorWords.field(error, 'password') };
      setErrors(fields);
      if (!fields.email && !fields.password) setServerError(errorWords.message(error));
    } finally {
      setPending(false);
    }
  };

  return (
    <SettingsCard
      id="account-email"
      title={t('account.email.title')}
      description={user.email ? t('account.email.current', { email: user.email }) : t('account.email.none')}
    >
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
        <TextField
          label={t('account.email.new')}
          name="email"
          type="email"
          autoComplete="email"
          value={values.email}
          onChange={(event) => update('email', event.target.value)}
          error={errors.email}
        />
        <CurrentPasswordField name="password" value={values.password} onChange={(value) => update('password', value)} error={errors.password} />
        <FormAlert>{serverError}</FormAlert>
        <SavedNote>{saved}</SavedNote>
        <Button type="submit" loading={pending} className="self-start">
          {t('account.email.submit')}
        </Button>
      </form>
    </SettingsCard>
  );
}
