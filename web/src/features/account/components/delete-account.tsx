import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { cancelDeletion, requestDeletion } from '@/features/account/api/account';
import { CurrentPasswordField } from '@/features/account/components/current-password-field';
import { SettingsCard } from '@/features/account/components/settings-card';
import { useAccountError } from '@/features/account/hooks/use-account-error';
import { formatAmount, toKyat } from '@/lib/format';
import { saveUser } from '@/lib/session';
import { formatYangonDateTime } from '@/lib/time';
import type { SessionUser } from '@/types/session';

/** Ask for the account to be deleted (an admin completes it, once the wallet is empty), or withdraw the request. */
export function DeleteAccount({ user }: { user: SessionUser }) {
  const { t, i18n } = useTranslation();
  const errorWords = useAccountError();
  const [password, setPassword] = useState('');
  const [fieldText, setFieldText] = useState<string>();
  const [serverError, setServerError] = useState('');
  const [pending, setPending] = useState(false);
  const balance = toKyat(user.wallet_amount);

  const run = async (action: () => Promise<{ data: SessionUser }>) => {
    setPending(true);
    setServerError('');
    setFieldText(undefined);
    try {
      saveUser((await action()).data);
      setPassword('');
    } catch (error) {
      const field = errorWords.field(error, 'password');
      setFieldText(field);
      if (!field) setServerError(errorWords.message(error));
    } finally {
      setPending(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!password) {
      setFieldText(t('account.password.currentRequired'));
      return;
    }
    void run(() => requestDeletion(password));
  };

  if (user.deletion_requested_at) {
    return (
      <SettingsCard id="account-delete" title={t('account.delete.title')}>
        <p role="status" className="text-sm">
          {t('account.delete.requested', { date: formatYangonDateTime(user.deletion_requested_at, i18n.language) })}
        </p>
        <FormAlert>{serverError}</FormAlert>
        <Button variant="secondary" className="self-start" loading={pending} onClick={() => void run(cancelDeletion)}>
          {t('account.delete.cancel')}
        </Button>
      </SettingsCard>
    );
  }
  return (
    <SettingsCard id="account-delete" title={t('account.delete.title')} description={t('account.delete.description')}>
      {balance > 0 && <p className="text-sm font-medium text-amber-700 dark:text-amber-300">{t('account.delete.balance', { amount: formatAmount(balance) })}</p>}
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <CurrentPasswordField
          name="password"
          value={password}
          onChange={(value) => {
            setPassword(value);
            setFieldText(undefined);
          }}
          error={fieldText}
        />
        <FormAlert>{serverError}</FormAlert>
        <Button type="submit" variant="danger" loading={pending} className="self-start">
          {t('account.delete.submit')}
        </Button>
      </form>
    </SettingsCard>
  );
}
