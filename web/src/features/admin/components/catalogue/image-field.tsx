import { useId } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { uploadMedia } from '@/features/admin/api/catalogue';
import { FormError } from '@/features/admin/components/common/query-state';
import { useAction } from '@/hooks/use-action';

type ImageFieldProps = { label: string; value: string; onChange: (url: string) => void; error?: string; hint?: string };

/** An image URL with upload and remove buttons (POST /api/admin/media answers the URL). */
export function ImageField({ label, value, onChange, error, hint }: ImageFieldProps) {
  const { t } = useTranslation();
  const fileId = useId();
  const { run, pending, error: uploadError } = useAction();
  return (
    <div className="flex flex-col gap-2 text-left">
      <div className="flex items-end gap-3">
        <div className="size-16 shrink-0 overflow-hidden rounded-xl border border-slate-200 bg-slate-50 dark:border-white/10 dark:bg-white/5">
          {value && <img src={value} alt="" className="size-full object-cover" />}
        </div>
        <TextField className="min-w-0 flex-1" label={label} hint={hint} value={value} onChange={(event) => onChange(event.target.value)} error={error} />
      </div>
      <div className="flex flex-wrap gap-2">
        <label htmlFor={fileId} className="inline-flex min-h-10 w-fit cursor-pointer items-center rounded-xl border border-dashed border-violet-400 px-4 text-sm font-semibold text-violet-700 dark:text-violet-300">
          {pending ? t('admin.catalogue.uploading') : t('admin.catalogue.upload', { label })}
        </label>
        {value && (
          <Button type="button" variant="secondary" className="min-h-10 px-4" onClick={() => onChange('')}>
            {t('admin.catalogue.removeImage', { label })}
          </Button>
        )}
      </div>
      <input
        id={fileId}
        type="file"
        accept="image/png,image/jpeg,image/webp"
        className="sr-only"
        disabled={pending}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void run(async () => onChange(await uploadMedia(file)));
        }}
      />
      <FormError error={uploadError} />
    </div>
  );
}
