import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
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

/** SPEC §4 Logout: confirm ('Logging out...'), then 'Logout Successful' or 'Logout Failed'. */
export function LogoutDialogs({ open, onClose, supportName }: LogoutDialogsProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<'success' | 'failure' | null>(null);

  const run = async () => {
    setBusy(true);
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
    } finally {
      setBusy(false);
      onClose();
    }
  };

  return (
    <>
      <Dialog
        open={open}
        onClose={onClose}
        dismissible={!busy}
        role="alertdialog"
        title={t('logout.confirmTitle')}
        icon={
          <span className="flex size-14 items-center justify-center rounded-2xl bg-rose-100 text-rose-600 dark:bg-rose-500/15 dark:text-rose-300">
            <LogoutIcon className="size-7" />
          </span>
        }
        actions={
          <>
            <Button variant="secondary" onClick={onClose} disabled={busy} className="sm:min-w-32">
              {t('logout.cancel')}
            </Button>
            <Button variant="danger" onClick={() => void run()} loading={busy} className="sm:min-w-32">
              {busy ? t('logout.loggingOut') : t('logout.confirm')}
            </Button>
          </>
        }
      >
        {t('logout.confirmBody')}
      </Dialog>
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
          void run();
        }}
      />
    </>
  );
}
