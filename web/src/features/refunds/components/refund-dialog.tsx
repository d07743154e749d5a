import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';

import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextAreaField } from '@/components/ui/fields';
import { FormAlert } from '@/components/ui/form-alert';
import { ImageIcon } from '@/components/ui/icons';
import {
  MAX_REFUND_REASON,
  MAX_SCREENSHOT_BYTES,
  refundKeys,
  requestRefund,
  SCREENSHOT_TYPES,
  uploadScreenshot,
} from '@/features/refunds/api/refunds';
import { useAction } from '@/hooks/use-action';
import { useErrorText } from '@/hooks/use-error-text';
import { fieldError } from '@/lib/api-errors';
import { formatAmount } from '@/lib/format';
import type { Order } from '@/types/api';

type Props = { order: Order; open: boolean; onClose: () => void };

/** The refund request form: a reason (required) and an optional screenshot, sent with the receipt rules. */
export function RefundDialog({ order, open, onClose }: Props) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { mutate } = useSWRConfig();
  const fileId = useId();
  const [reason, setReason] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [local, setLocal] = useState<{ reason?: string; file?: string }>({});
  const { run, pending, error, reset } = useAction();

  const close = () => {
    if (pending) return;
    setReason('');
    setFile(null);
    setLocal({});
    reset();
    onClose();
  };

  const choose = (next: File | null) => {
    reset();
    if (next && !SCREENSHOT_TYPES.includes(next.type)) return setLocal({ file: t('refunds.form.fileType') });
    if (next && next.size >= MAX_SCREENSHOT_BYTES) return setLocal({ file: t('refunds.form.fileSize') });
    setLocal({});
    setFile(next);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const text = reason.trim();
    if (!text) return setLocal({ reason: t('refunds.form.reasonRequired') });
    setLocal({});
    const done = await run(async () => {
      const screenshot = file ? await uploadScreenshot(file) : undefined;
      return requestRefund(order.id, text, screenshot);
    });
    if (!done) return;
    await mutate(refundKeys.mine);
    close();
  };

  const serverReason = fieldError(error, 'reason');
  const serverFile = fieldError(error, 'file') ?? fieldError(error, 'screenshot_id');
  const general = error && !serverReason && !serverFile ? errorText(error) : undefined;

  return (
    <Dialog open={open} onClose={close} dismissible={!pending} title={t('refunds.form.title', { id: order.id })}>
      <form onSubmit={(event) => void submit(event)} className="mt-2 flex flex-col gap-4 text-left" noValidate>
        <p>
          {t('refunds.form.intro', { product: order.product.name, amount: formatAmount(order.total_price) })}
        </p>
        <TextAreaField
          label={t('refunds.form.reason')}
          hint={t('refunds.form.reasonHint')}
          value={reason}
          maxLength={MAX_REFUND_REASON}
          required
          onChange={(event) => setReason(event.target.value)}
          error={local.reason ?? serverReason}
        />
        <div className="flex flex-col gap-1.5">
          <label htmlFor={fileId} className="text-sm font-semibold text-slate-700 dark:text-slate-200">
            {t('refunds.form.screenshot')}
          </label>
          <label
            htmlFor={fileId}
            className="flex min-h-11 cursor-pointer items-center gap-2 rounded-xl border-2 border-dashed border-slate-300 px-3 py-2 text-sm hover:border-violet-400 dark:border-white/15"
          >
            <ImageIcon className="size-5 shrink-0 text-violet-500" />
            <span className="min-w-0 truncate font-semibold text-violet-700 dark:text-violet-300">{file ? file.name : t('refunds.form.chooseScreenshot')}</span>
          </label>
          <input
            id={fileId}
            type="file"
            accept="image/jpeg,image/jpg,image/png,.jpg,.jpeg,.png"
            className="sr-only"
            aria-invalid={local.file || serverFile ? true : undefined}
            onChange={(event) => choose(event.target.files?.[0] ?? null)}
          />
          <p className="text-xs text-muted">{t('refunds.form.screenshotHint')}</p>
          {(local.file ?? serverFile) && <p className="text-sm font-medium text-rose-600 dark:text-rose-400">{local.file ?? serverFile}</p>}
        </div>
        {general && <FormAlert>{general}</FormAlert>}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={close} disabled={pending}>
            {t('refunds.form.cancel')}
          </Button>
          <Button type="submit" loading={pending}>
            {t('refunds.form.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
