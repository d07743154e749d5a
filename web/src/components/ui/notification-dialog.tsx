import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';

import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { AlertIcon, CheckCircleIcon, ErrorIcon, InfoIcon } from '@/components/ui/icons';

export type NotificationKind = 'success' | 'warning' | 'info' | 'error';

const tones: Record<NotificationKind, { ring: string; Icon: typeof InfoIcon }> = {
  success: { ring: 'bg-emerald-100 text-emerald-600 dark:bg-emerald-500/15 dark:text-emerald-300', Icon: CheckCircleIcon },
  warning: { ring: 'bg-amber-100 text-amber-600 dark:bg-amber-500/15 dark:text-amber-300', Icon: AlertIcon },
  info: { ring: 'bg-sky-100 text-sky-600 dark:bg-sky-500/15 dark:text-sky-300', Icon: InfoIcon },
  error: { ring: 'bg-rose-100 text-rose-600 dark:bg-rose-500/15 dark:text-rose-300', Icon: ErrorIcon },
};

export type NotificationDialogProps = {
  open: boolean;
  kind: NotificationKind;
  title: string;
  message?: ReactNode;
  buttonLabel: string;
  /** Shows the kind's icon (default) or a custom one; false hides it. */
  icon?: ReactNode;
  /** Where the button leads after closing, if anywhere. */
  to?: string;
  onClose: () => void;
};

/** docs/spec.md §2 notification dialog: success, warning, info, error; the button closes it and may navigate. */
export function NotificationDialog({ open, kind, title, message, buttonLabel, icon = true, to, onClose }: NotificationDialogProps) {
  const navigate = useNavigate();
  const { ring, Icon } = tones[kind];
  const shownIcon =
    icon === true ? (
      <span className={`flex size-14 items-center justify-center rounded-2xl ${ring}`}>
        <Icon className="size-7" />
      </span>
    ) : icon === false ? undefined : (
      icon
    );
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      icon={shownIcon}
      role={kind === 'error' || kind === 'warning' ? 'alertdialog' : 'dialog'}
      actions={
        <Button
          autoFocus
          variant={kind === 'error' ? 'danger' : 'primary'}
          className="w-full sm:w-auto sm:min-w-40"
          onClick={() => {
            onClose();
            if (to) void navigate(to);
          }}
        >
          {buttonLabel}
        </Button>
      }
    >
      {message}
    </Dialog>
  );
}
