import { useTranslation } from 'react-i18next';

import { ConfirmDialog as Confirm, type ConfirmDialogProps } from '@/components/ui/confirm-dialog';
import { errorText } from '@/features/admin/utils/error-text';

type AdminConfirmProps = Omit<ConfirmDialogProps, 'cancelLabel' | 'reasonWords' | 'errorText'> & { reasonLabel?: string };

/** The shared ConfirmDialog in the admin's words: asks before a money or irreversible action, stays open with the server's error. */
export function ConfirmDialog({ reasonLabel, reason, ...props }: AdminConfirmProps) {
  const { t } = useTranslation();
  return (
    <Confirm
      {...props}
      reason={reason}
      cancelLabel={t('admin.common.cancel')}
      reasonWords={{
        label: reasonLabel ?? (reason === 'required' ? t('admin.common.reason') : t('admin.common.reasonOptional')),
        required: t('admin.common.reasonRequired'),
        tooLong: t('admin.common.reasonTooLong'),
      }}
      errorText={(error) => errorText(error, t)}
    />
  );
}
