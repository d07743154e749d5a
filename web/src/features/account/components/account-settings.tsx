import { useTranslation } from 'react-i18next';

import { ChangeEmailForm } from '@/features/account/components/change-email-form';
import { ChangePasswordForm } from '@/features/account/components/change-password-form';
import { ChangePhoneForm } from '@/features/account/components/change-phone-form';
import { DeleteAccount } from '@/features/account/components/delete-account';
import { LanguagePreference } from '@/features/account/components/language-preference';
import { PushNotifications } from '@/features/account/components/push-notifications';
import { SessionsList } from '@/features/account/components/sessions-list';
import type { SessionUser } from '@/types/session';

/** The account page's settings: language, notifications on this device, password, where you are signed in, e-mail, phone, deleting the account. */
export function AccountSettings({ user, pushPublicKey }: { user: SessionUser; pushPublicKey?: string }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="account-settings" className="flex flex-col gap-4">
      <h2 id="account-settings" className="text-xl font-extrabold tracking-tight">
        {t('account.title')}
      </h2>
      <div className="grid min-w-0 gap-4 lg:grid-cols-2 lg:items-start">
        <div className="flex min-w-0 flex-col gap-4">
          <LanguagePreference />
          <PushNotifications publicKey={pushPublicKey} />
          <ChangePasswordForm />
          <ChangeEmailForm user={user} />
        </div>
        <div className="flex min-w-0 flex-col gap-4">
          <SessionsList />
          <ChangePhoneForm user={user} />
          <DeleteAccount user={user} />
        </div>
      </div>
    </section>
  );
}
