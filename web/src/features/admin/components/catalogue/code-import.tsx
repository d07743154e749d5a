import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { importCodes } from '@/features/admin/api/catalogue';
import { useRevalidate } from '@/features/admin/api/keys';
import type { CodeImportResult } from '@/features/admin/api/types';
import { Segmented } from '@/features/admin/components/common/segmented';
import { TextAreaField } from '@/components/ui/fields';
import { FormError } from '@/features/admin/components/common/query-state';
import { useAction } from '@/hooks/use-action';
import { fieldError } from '@/lib/api-errors';

/** What an import did: added, refused duplicates, and the stock after it. */
export function ImportResult({ result }: { result: CodeImportResult }) {
  const { t } = useTranslation();
  return (
    <div role="status" className="flex flex-col gap-2 rounded-xl border border-emerald-300 bg-emerald-50 p-3 text-sm text-emerald-900 dark:border-emerald-500/30 dark:bg-emerald-500/10 dark:text-emerald-100">
      <p className="font-bold">{t('admin.codes.result', { added: result.added, duplicates: result.duplicates })}</p>
      {result.duplicate_codes.length > 0 && (
        <details>
          <summary className="cursor-pointer">{t('admin.codes.duplicateList')}</summary>
          <ul className="mt-1 max-h-32 overflow-y-auto font-mono text-xs break-all">
            {result.duplicate_codes.map((code) => (
              <li key={code}>{code}</li>
            ))}
          </ul>
        </details>
      )}
      <p>{t('admin.codes.stock', { available: result.stock.available, sold: result.stock.sold })}</p>
      {result.stock.low_stock && (
        <p className="font-semibold text-amber-800 dark:text-amber-200" role="alert">
          {t('admin.codes.lowStock', { threshold: result.stock.threshold })}
        </p>
      )}
    </div>
  );
}

/** Adds redeem codes to a code product: pasted (one a line, or , ;) or a CSV file (first column). */
export function CodeImport({ productId }: { productId: number }) {
  const { t } = useTranslation();
  const fileId = useId();
  const revalidate = useRevalidate();
  const [mode, setMode] = useState<'paste' | 'csv'>('paste');
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [batch, setBatch] = useState('');
  const [missing, setMissing] = useState<string>();
  const [result, setResult] = useState<CodeImportResult | null>(null);
  const { run, pending, error } = useAction();

  const submit = async () => {
    if (mode === 'paste' ? !text.trim() : !file) {
      setMissing(mode === 'paste' ? t('admin.codes.pasteRequired') : t('admin.codes.fileRequired'));
      return;
    }
    setMissing(undefined);
    setResult(null);
    const answer = await run(() => importCodes(productId, mode === 'paste' ? { text } : { file: file as File }, batch.trim()));
    if (answer) {
      setResult(answer);
      setText('');
      setFile(null);
      void revalidate('catalogue', 'audit');
    }
  };

  return (
    <div className="flex flex-col gap-3 text-left">
      <Segmented
        label={t('admin.codes.source')}
        value={mode}
        onChange={setMode}
        options={[
          { value: 'paste', label: t('admin.codes.paste') },
          { value: 'csv', label: t('admin.codes.csv') },
        ]}
      />
      {mode === 'paste' ? (
        <TextAreaField
          label={t('admin.codes.codes')}
          hint={t('admin.codes.pasteHint')}
          inputClassName="font-mono"
          value={text}
          onChange={(event) => setText(event.target.value)}
          error={missing ?? fieldError(error, 'codes')}
        />
      ) : (
        <div className="flex flex-col gap-1.5">
          <label htmlFor={fileId} className="text-sm font-semibold">
            {t('admin.codes.file')}
          </label>
          <input id={fileId} type="file" accept=".csv,text/csv,text/plain" onChange={(event) => setFile(event.target.files?.[0] ?? null)} className="text-sm" />
          <p className="text-xs text-muted">{t('admin.codes.csvHint')}</p>
          {(missing ?? fieldError(error, 'file') ?? fieldError(error, 'codes')) && (
            <p className="text-sm font-medium text-rose-600">{missing ?? fieldError(error, 'file') ?? fieldError(error, 'codes')}</p>
          )}
        </div>
      )}
      <TextField label={t('admin.codes.batch')} value={batch} onChange={(event) => setBatch(event.target.value)} />
      {!fieldError(error, 'codes') && !fieldError(error, 'file') && <FormError error={error} />}
      <Button loading={pending} onClick={() => void submit()}>
        {t('admin.codes.import')}
      </Button>
      {result && <ImportResult result={result} />}
    </div>
  );
}
