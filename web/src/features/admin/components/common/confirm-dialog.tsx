import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextAreaField } from '@/features/admin/components/common/fields';
import { FormError } from '@/features/admin/components/common/query-state';
import { useAction } from '@/features/admin/hooks/use-action';
import { fieldError } from '@/lib/api-errors';

const MAX_REASON = 500;

type ConfirmDialogProps = {
  open: boolean;
  onClose: () => void;
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  /** Asks for a reason (required when `reason` is 'required'). */
  reason?: 'required' | 'optional';
  reasonLabel?: string;
  /** Extra controls above the buttons (e.g. a checkbox). */
  extra?: ReactNode;
  onConfirm: (reason: string) => Promise<unknown>;
  onDone?: () => void;
};

/** Asks before a money or irreversible action; stays open with the server's error. */
export function ConfirmDialog({ open, onClose, title, children, confirmLabel, danger, reason, reasonLabel, extra, onConfirm, onDone }: ConfirmDialogProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [localError, setLocalError] = useState<string>();
  const { run, pending, error, reset } = useAction();

  const close = () => {
    if (pending) return;
    setText('');
    setLocalError(undefined);
    reset();
    onClose();
  };

  const submit = async () => {
    const value = text.trim();
    if (reason === 'required' && !value) {
      setLocalError(t('admin.common.reasonRequired'));
      return;
    }
    if (value.length > MAX_REASON) {
      setLocalError(t('admin.common.reasonTooLong'));
      return;
    }
    setLocalError(undefined);
    let ok = false;
    await run(async () => {
      await onConfirm(value);
      ok = true;
    });
    if (ok) {
      setText('');
      onClose();
      onDone?.();
    }
  };

  const serverReason = fieldError(error, 'reason');
  return (
    <Dialog
      open={open}
      onClose={close}
      dismissible={!pending}
      role="alertdialog"
      title={title}
      actions={
        <>
          <Button variant="secondary" onClick={close} disabled={pending}>
            {t('admin.common.cancel')}
          </Button>
          <Button variant={danger ? 'danger' : 'primary'} loading={pending} onClick={() => void submit()}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-3 text-left">
        {children}
        {reason && (
          <TextAreaField
            label={reasonLabel ?? (reason === 'required' ? t('admin.common.reason') : t('admin.common.reasonOptional'))}
            value={text}
            maxLength={MAX_REASON}
            required={reason === 'required'}
            onChange={(event) => setText(event.target.value)}
            error={localError ?? serverReason}
          />
        )}
        {extra}
        {!serverReason && <FormError error={error} />}
      </div>
    </Dialog>
  );
}
