import { useTranslation } from 'react-i18next';

import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { TrashIcon } from '@/components/ui/icons';
import { DangerMark } from '@/components/ui/danger-mark';

type DeleteMessageDialogProps = { open: boolean; onCancel: () => void; onConfirm: () => Promise<void> };

/** docs/spec.md §4: 'Delete Message' with the Burmese warning, Cancel and Delete. */
export function DeleteMessageDialog({ open, onCancel, onConfirm }: DeleteMessageDialogProps) {
  const { t, i18n } = useTranslation();
  return (
    <ConfirmDialog
      open={open}
      onClose={onCancel}
      title={t('notifications.deleteTitle')}
      icon={<DangerMark icon={<TrashIcon className="size-7" />} />}
      cancelLabel={t('notifications.cancel')}
      confirmLabel={t('notifications.confirmDelete')}
      danger
      onConfirm={onConfirm}
      buttonClassName="sm:min-w-28"
    >
      <span lang="my" className="block">
        {t('notifications.deleteWarning', { lng: 'my' })}
      </span>
      {i18n.language !== 'my' && <span className="mt-1 block text-xs">{t('notifications.deleteWarning')}</span>}
    </ConfirmDialog>
  );
}
