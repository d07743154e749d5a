import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { TextField } from '@/components/ui/text-field';
import { changePhone, sendPhoneCode } from '@/features/account/api/account';
import { CurrentPasswordField } from '@/features/account/components/current-password-field';
import { SavedNote, SettingsCard } from '@/features/account/components/settings-card';
import { useAccountError } from '@/features/account/hooks/use-account-error';
import { useFormState } from '@/hooks/use-form-state';
import { saveUser } from '@/lib/session';
import type { SessionUser } from '@/types/session';

type Field = 'phone_number' | 'current_password' | 'code';

/**
 * Change phone: with the current password a code goes by SMS to the new number, and typing it moves the
 * account there. The password is asked because the password reset texts this number.
 */
export function ChangePhoneForm({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const errorWords = useAccountError();
  const { values, setValues, errors, setErrors, update, serverError, setServerError, pending, setPending } = useFormState<Field>({ phone_number: '', current_password: '', code: '' });
  const [sentTo, setSentTo] = useState('');
  const [saved, setSaved] = useState('');

  const fail = (error: unknown) => {
    const fields = {
      phone_number: errorWords.field(error, 'phone_number'),
      current_password: errorWords.field(error, 'current_password'),
      code: errorWords.field(error, 'code'),
    };
    setErrors(fields);
    if (!fields.phone_number && !fields.current_password && !fields.code) setServerError(errorWords.message(error));
  };

  const send = async (event: FormEvent) => {
    event.preventDefault();
    setSaved('');
    const found: Partial<Record<Field, string>> = {};
    if (!values.phone_number.trim()) found.phone_number = t('account.phone.required');
    if (!values.current_password) found.current_password = t('account.password.currentRequired');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setPending(true);
    setServerError('');
    try {
      const answer = await sendPhoneCode(values.phone_number.trim(), values.current_password);
      setSentTo(answer.data.phone_number);
    } catch (error) {
      fail(error);
    } finally {
      setPending(false);
    }
  };

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(values.code.trim())) {
      setErrors({ code: t('account.phone.codeFormat') });
      return;
    }
    setPending(true);
    setServerError('');
    try {
      const answer = await changePhone(sentTo, values.code.trim());
      saveUser(answer.data);
      setValues({ phone_number: '', current_password: '', code: '' });
      setSentTo('');
      setSaved(t('account.phone.saved'));
    } catch (error) {
      fail(error);
    } finally {
      setPending(false);
    }
  };

  return (
    <SettingsCard id="account-phone" title={t('account.phone.title')} description={t('account.phone.current', { phone: user.phone_number })}>
      {sentTo ? (
        <form noValidate onSubmit={(event) => void confirm(event)} className="flex flex-col gap-4">
          <p className="text-sm">{t('account.phone.sent', { phone: sentTo })}</p>
          <TextField
            label={t('account.phone.code')}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={values.code}
            onChange={(event) => update('code', event.target.value)}
            error={errors.code}
          />
          <FormAlert>{serverError}</FormAlert>
          <div className="flex flex-wrap gap-3">
            <Button type="submit" loading={pending}>
              {t('account.phone.confirm')}
            </Button>
            <Button variant="secondary" disabled={pending} onClick={() => setSentTo('')}>
              {t('account.phone.back')}
            </Button>
          </div>
        </form>
      ) : (
        <form noValidate onSubmit={(event) => void send(event)} className="flex flex-col gap-4">
          <TextField
            label={t('account.phone.new')}
            name="phone_number"
            type="tel"
            autoComplete="tel"
            maxLength={20}
            hint={t('reset.phoneHint')}
            value={values.phone_number}
            onChange={(event) => update('phone_number', event.target.value)}
            error={errors.phone_number}
          />
          <CurrentPasswordField
            name="current_password"
            value={values.current_password}
            onChange={(value) => update('current_password', value)}
            error={errors.current_password}
          />
          <FormAlert>{serverError}</FormAlert>
          <SavedNote>{saved}</SavedNote>
          <Button type="submit" loading={pending} className="self-start">
            {t('account.phone.send')}
          </Button>
        </form>
      )}
    </SettingsCard>
  );
}
