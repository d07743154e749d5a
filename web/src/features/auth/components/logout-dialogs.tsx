import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DangerMark } from '@/components/ui/danger-mark';
import { LogoutIcon } from '@/components/ui/icons';
import { NotificationDialog } from '@/components/ui/notification-dialog';
import { paths } from '@/config/paths';
import { logout } from '@/features/auth/api/auth';
import { isApiError } from '@/lib/api-client';
import { clearSession } from '@/lib/session';

type LogoutDialogsProps = {
  /** The confirm dialog is open. */
  open: boolean;
  onClose: () => void;
  /** The messaging-app handle named in the failure text. */
  supportName: string;
};

/** docs/spec.md §4 Logout: confirm ('Logging out...'), then 'Logout Successful' or 'Logout Failed'. */
export function LogoutDialogs({ open, onClose, supportName }: LogoutDialogsProps) {
  const { t } = useTranslation();
  const [result, setResult] = useState<'success' | 'failure' | null>(null);

  // Never throws: every outcome is one of the two result dialogs.
  const attempt = async () => {
    try {
      await logout();
      clearSession();
      setResult('success');
    } catch (error) {
      // A revoked or expired token means the session is already over.
      if (isApiError(error) && error.status === 401) {
        clearSession();
        setResult('success');
      } else {
        setResult('failure');
      }
    }
  };

  return (
    <>
      <ConfirmDialog
        open={open}
        onClose={onClose}
        title={t('logout.confirmTitle')}
        icon={<DangerMark icon={<LogoutIcon className="size-7" />} />}
        cancelLabel={t('logout.cancel')}
        confirmLabel={t('logout.confirm')}
        pendingLabel={t('logout.loggingOut')}
        danger
        onConfirm={attempt}
        buttonClassName="sm:min-w-32"
      >
        {t('logout.confirmBody')}
      </ConfirmDialog>
      <NotificationDialog
        open={result === 'success'}
        kind="success"
        title={t('logout.successTitle')}
        message={t('logout.successBody')}
        buttonLabel={t('logout.successButton')}
        to={paths.login}
        onClose={() => setResult(null)}
      />
      <NotificationDialog
        open={result === 'failure'}
        kind="error"
        title={t('logout.failedTitle')}
        message={<span lang="my">{t('logout.failedBody', { name: supportName, lng: 'my' })}</span>}
        buttonLabel={t('logout.failedButton')}
        onClose={() => {
          setResult(null);
          void attempt();
        }}
      />
    </>
  );
}
