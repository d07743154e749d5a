import { useTranslation } from 'react-i18next';

import { PasswordField } from '@/components/ui/password-field';

/**
 * The account's password, asked again before a change that could lock its
 * owner out or take the account (e-mail, phone, password, deletion): the
 * same label, and autocomplete that lets a password manager fill it.
 */
export function CurrentPasswordField({ name, value, onChange, error }: { name: string; value: string; onChange: (value: string) => void; error?: string }) {
  const { t } = useTranslation();
  return (
    <PasswordField
      label={t('account.password.current')}
      name={name}
      autoComplete="current-password"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error}
    />
  );
}
