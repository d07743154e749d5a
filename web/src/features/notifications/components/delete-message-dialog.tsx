import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TrashIcon } from '@/components/ui/icons';

type DeleteMessageDialogProps = { open: boolean; deleting: boolean; onCancel: () => void; onConfirm: () => void };

/** SPEC §4: 'Delete Message' with the Burmese warning, Cancel and Delete. */
export function DeleteMessageDialog({ open, deleting, onCancel, onConfirm }: DeleteMessageDialogProps) {
  const { t, i18n } = useTranslation();
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      dismissible={!deleting}
      role="alertdialog"
      title={t('notifications.deleteTitle')}
      icon={
        <span className="flex size-14 items-center justify-center rounded-2xl bg-rose-100 text-rose-600 dark:bg-rose-500/15 dark:text-rose-300">
          <TrashIcon className="size-7" />
        </span>
      }
      actions={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={deleting} className="sm:min-w-28">
            {t('notifications.cancel')}
          </Button>
          <Button variant="danger" onClick={onConfirm} loading={deleting} className="sm:min-w-28">
            {t('notifications.confirmDelete')}
          </Button>
        </>
      }
    >
      <span lang="my" className="block">
        {t('notifications.deleteWarning', { lng: 'my' })}
      </span>
      {i18n.language !== 'my' && <span className="mt-1 block text-xs">{t('notifications.deleteWarning')}</span>}
    </Dialog>
  );
}
