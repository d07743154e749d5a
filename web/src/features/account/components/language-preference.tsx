import { useTranslation } from 'react-i18next';

import { LanguageSwitch } from '@/components/i18n/language-switch';
import { SettingsCard } from '@/features/account/components/settings-card';

/** The language kept with the account: every device and the server's messages use it (saved by useAccountLocale). */
export function LanguagePreference() {
  const { t } = useTranslation();
  return (
    <SettingsCard id="account-language" title={t('account.language.title')} description={t('account.language.description')}>
      <LanguageSwitch />
    </SettingsCard>
  );
}
