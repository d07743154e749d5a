import { useEffect, useId, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';

import { UploadIcon } from '@/components/ui/icons';

type ReceiptFieldProps = {
  file: File | null;
  error?: string;
  onSelect: (file: File | null) => void;
};

/** The receipt picker with an image preview (jpeg, jpg, png under 10 MB; checked by the form). */
export function ReceiptField({ file, error, onSelect }: ReceiptFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const preview = useMemo(() => (file && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => {
    if (preview) URL.revokeObjectURL(preview);
  }, [preview]);
  useEffect(() => {
    // A rejected or submitted file leaves the picker empty, so choosing it again fires a change.
    if (!file && input.current) input.current.value = '';
  }, [file]);
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold text-slate-700 dark:text-slate-200">
        {t('topup.receipt')}
      </label>
      <label
        htmlFor={id}
        className={`flex cursor-pointer flex-col items-center justify-center gap-2 rounded-2xl border-2 border-dashed p-4 text-center text-sm transition hover:border-violet-400 ${
          error ? 'border-rose-400 dark:border-rose-500/60' : 'border-slate-300 dark:border-white/15'
        }`}
      >
        {preview ? (
          <img src={preview} alt={t('topup.receiptPreview')} className="max-h-56 rounded-xl object-contain" />
        ) : (
          <UploadIcon className="size-8 text-violet-500" />
        )}
        <span className="font-semibold text-violet-700 dark:text-violet-300">{file ? file.name : t('topup.chooseReceipt')}</span>
        <span className="text-xs text-muted">{t('topup.receiptHint')}</span>
      </label>
      <input
        ref={input}
        id={id}
        type="file"
        accept="image/jpeg,image/jpg,image/png,.jpg,.jpeg,.png"
        className="sr-only"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onSelect(event.target.files?.[0] ?? null)}
      />
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-rose-600 dark:text-rose-400">
          {error}
        </p>
      )}
    </div>
  );
}
