import { useTranslation } from 'react-i18next';

import { LanguageChoice } from '@/components/i18n/language-switch';
import { SettingsCard } from '@/features/account/components/settings-card';

/** The language kept with the account: every device and the server's messages use it (saved by useAccountLocale). */
export function LanguagePreference() {
  const { t } = useTranslation();
  return (
    <SettingsCard id="account-language" title={t('account.language.title')} description={t('account.language.description')}>
      <LanguageChoice labelledBy="account-language" wide />
    </SettingsCard>
  );
}
