import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

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

/**
 * docs/spec.md §4 Logout: confirm ('Logging out...'), then straight to the login page, or 'Logout Failed'.
 * One confirm is enough ceremony (issue 25): the 'Logout Successful' pop-up only delayed the customer.
 */
export function LogoutDialogs({ open, onClose, supportName }: LogoutDialogsProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);

  const signedOut = () => {
    clearSession();
    void navigate(paths.login, { replace: true });
  };

  // Never throws: the outcome is the login page or the failure dialog.
  const attempt = async () => {
    try {
      await logout();
      signedOut();
    } catch (error) {
      // A revoked or expired token means the session is already over.
      if (isApiError(error) && error.status === 401) signedOut();
      else setFailed(true);
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
        open={failed}
        kind="error"
        title={t('logout.failedTitle')}
        message={<span lang="my">{t('logout.failedBody', { name: supportName, lng: 'my' })}</span>}
        buttonLabel={t('logout.failedButton')}
        onClose={() => {
          setFailed(false);
          void attempt();
        }}
      />
    </>
  );
}
