import { useState, type ReactNode } from 'react';

import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextAreaField } from '@/components/ui/fields';
import { FormAlert } from '@/components/ui/form-alert';
import { useAction } from '@/hooks/use-action';
import { fieldError } from '@/lib/api-errors';

const MAX_REASON = 500;

/** The words of the optional reason field. */
export type ReasonWords = { label: string; required: string; tooLong: string };

export type ConfirmDialogProps = {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  icon?: ReactNode;
  children?: ReactNode;
  confirmLabel: string;
  /** The confirm button's words while the action runs (default: confirmLabel). */
  pendingLabel?: string;
  cancelLabel: string;
  danger?: boolean;
  /** Asks for a reason (required when `reason` is 'required'), passed to onConfirm. */
  reason?: 'required' | 'optional';
  reasonWords?: ReasonWords;
  /** Extra controls above the buttons (e.g. a checkbox). */
  extra?: ReactNode;
  onConfirm: (reason: string) => Promise<unknown>;
  onDone?: () => void;
  /** Words for a failed onConfirm; without it a failure closes nothing and shows nothing. */
  errorText?: (error: unknown) => string;
  /** Classes of both buttons (e.g. a minimum width). */
  buttonClassName?: string;
};

/**
 * Asks before a money, irreversible or leaving action: runs it, closes when
 * it succeeds and stays open with the server's error when it fails.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { open, onClose, title, icon, children, confirmLabel, pendingLabel, cancelLabel, danger, reason, reasonWords, extra, onConfirm, onDone, errorText, buttonClassName } =
    props;
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
      setLocalError(reasonWords?.required);
      return;
    }
    if (value.length > MAX_REASON) {
      setLocalError(reasonWords?.tooLong);
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
  // A dialog that asks for more or can show a failure lays its body out as a form.
  const form = reason !== undefined || extra !== undefined || errorText !== undefined;
  return (
    <Dialog
      open={open}
      onClose={close}
      dismissible={!pending}
      role="alertdialog"
      title={title}
      icon={icon}
      actions={
        <>
          <Button variant="secondary" onClick={close} disabled={pending} className={buttonClassName}>
            {cancelLabel}
          </Button>
          <Button variant={danger ? 'danger' : 'primary'} loading={pending} onClick={() => void submit()} className={buttonClassName}>
            {pending && pendingLabel ? pendingLabel : confirmLabel}
          </Button>
        </>
      }
    >
      {form ? (
        <div className="flex flex-col gap-3 text-left">
          {children}
          {reason && (
            <TextAreaField
              label={reasonWords?.label ?? ''}
              value={text}
              maxLength={MAX_REASON}
              required={reason === 'required'}
              onChange={(event) => setText(event.target.value)}
              error={localError ?? serverReason}
            />
          )}
          {extra}
          {!serverReason && error && errorText ? <FormAlert compact>{errorText(error)}</FormAlert> : null}
        </div>
      ) : (
        children
      )}
    </Dialog>
  );
}
