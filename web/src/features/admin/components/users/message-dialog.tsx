import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/text-field';
import { sendMessage } from '@/features/admin/api/users';
import type { AdminUser } from '@/features/admin/api/types';
import { TextAreaField } from '@/components/ui/fields';
import { FormError } from '@/features/admin/components/common/query-state';
import { useAction } from '@/hooks/use-action';
import { fieldError } from '@/lib/api-errors';

/** Sends a message to the customer's notifications (delivered live). */
export function MessageDialog({ user, open, onClose, onSent }: { user: AdminUser; open: boolean; onClose: () => void; onSent: () => void }) {
  const { t } = useTranslation();
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [titleError, setTitleError] = useState<string>();
  const { run, pending, error, reset } = useAction();
  const close = () => {
    if (pending) return;
    setTitle('');
    setBody('');
    setTitleError(undefined);
    reset();
    onClose();
  };
  const submit = async () => {
    if (!title.trim()) {
      setTitleError(t('admin.message.titleRequired'));
      return;
    }
    setTitleError(undefined);
    let ok = false;
    await run(async () => {
      await sendMessage(user.id, title.trim(), body);
      ok = true;
    });
    if (ok) {
      close();
      onSent();
    }
  };
  return (
    <Dialog
      open={open}
      onClose={close}
      dismissible={!pending}
      title={t('admin.message.title', { user: user.username })}
      actions={
        <>
          <Button variant="secondary" onClick={close} disabled={pending}>
            {t('admin.common.cancel')}
          </Button>
          <Button loading={pending} onClick={() => void submit()}>
            {t('admin.message.send')}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-3 text-left">
        <TextField label={t('admin.message.subject')} value={title} maxLength={255} onChange={(event) => setTitle(event.target.value)} error={titleError ?? fieldError(error, 'title')} />
        <TextAreaField label={t('admin.message.body')} value={body} maxLength={5000} onChange={(event) => setBody(event.target.value)} error={fieldError(error, 'body')} />
        {!fieldError(error, 'title') && !fieldError(error, 'body') && <FormError error={error} />}
      </div>
    </Dialog>
  );
}
