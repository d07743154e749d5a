import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/text-field';
import { CheckboxField, SelectField, TextAreaField } from '@/components/ui/fields';
import { FormError } from '@/features/admin/components/common/query-state';
import { ImageField } from '@/features/admin/components/catalogue/image-field';
import { useAction } from '@/hooks/use-action';
import { fieldError } from '@/lib/api-errors';

export type FieldSpec = {
  name: string;
  label: string;
  type: 'text' | 'textarea' | 'number' | 'optionalNumber' | 'checkbox' | 'select' | 'image' | 'images' | 'json' | 'datetime';
  options?: { value: string; label: string }[];
  hint?: string;
};

type Values = Record<string, unknown>;

function toInput(spec: FieldSpec, value: unknown): unknown {
  switch (spec.type) {
    case 'checkbox':
      return Boolean(value);
    case 'json':
      return JSON.stringify(value ?? {}, null, 2);
    case 'images':
      return Array.isArray(value) ? value.join('\n') : '';
    case 'datetime': {
      if (typeof value !== 'string' || !value) return '';
      const date = new Date(value);
      const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
      return local.toISOString().slice(0, 16);
    }
    default:
      if (value === null || value === undefined) return '';
      if (typeof value === 'string') return value;
      if (typeof value === 'number' || typeof value === 'boolean') return String(value);
      return JSON.stringify(value);
  }
}

function fromInput(spec: FieldSpec, value: unknown): { value?: unknown; error?: string } {
  const text = typeof value === 'string' ? value : '';
  switch (spec.type) {
    case 'checkbox':
      return { value: Boolean(value) };
    case 'number':
      return text.trim() === '' || !Number.isFinite(Number(text)) ? { error: 'number' } : { value: Math.trunc(Number(text)) };
    case 'optionalNumber':
      if (text.trim() === '') return { value: null };
      return Number.isFinite(Number(text)) ? { value: Math.trunc(Number(text)) } : { error: 'number' };
    case 'select':
      return { value: /^\d+$/.test(text) && spec.name.endsWith('_id') ? Number(text) : text };
    case 'images':
      return { value: text.split(/\s+/).filter(Boolean) };
    case 'json':
      try {
        const parsed: unknown = JSON.parse(text || '{}');
        return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? { value: parsed } : { error: 'json' };
      } catch {
        return { error: 'json' };
      }
    case 'datetime':
      return { value: text ? new Date(text).toISOString() : null };
    default:
      return { value: text };
  }
}

/** Creates or edits one catalogue row from a list of field specs; server field errors land on their fields. */
export function RowEditor({
  title,
  fields,
  initial,
  open,
  onClose,
  onSave,
}: {
  title: string;
  fields: FieldSpec[];
  initial: Values;
  open: boolean;
  onClose: () => void;
  onSave: (body: Values) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Values>(() => Object.fromEntries(fields.map((spec) => [spec.name, toInput(spec, initial[spec.name])])));
  const [local, setLocal] = useState<Record<string, string>>({});
  const { run, pending, error } = useAction();
  const set = (name: string, value: unknown) => setValues((current) => ({ ...current, [name]: value }));

  const submit = async () => {
    const body: Values = {};
    const problems: Record<string, string> = {};
    for (const spec of fields) {
      const result = fromInput(spec, values[spec.name]);
      if (result.error) problems[spec.name] = result.error === 'json' ? t('admin.catalogue.jsonInvalid') : t('admin.catalogue.numberInvalid');
      else body[spec.name] = result.value;
    }
    setLocal(problems);
    if (Object.keys(problems).length > 0) return;
    let ok = false;
    await run(async () => {
      await onSave(body);
      ok = true;
    });
    if (ok) onClose();
  };

  const errorOf = (name: string) => local[name] ?? fieldError(error, name);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      dismissible={!pending}
      title={title}
      actions={
        <>
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            {t('admin.common.cancel')}
          </Button>
          <Button loading={pending} onClick={() => void submit()}>
            {t('admin.common.save')}
          </Button>
        </>
      }
    >
      <div className="-mx-2 flex max-h-[60dvh] flex-col gap-3 overflow-y-auto px-2 pt-1 text-left">
        {fields.map((spec) => {
          const value = values[spec.name];
          const common = { label: spec.label, error: errorOf(spec.name) };
          switch (spec.type) {
            case 'checkbox':
              return <CheckboxField key={spec.name} label={spec.label} checked={Boolean(value)} onChange={(event) => set(spec.name, event.target.checked)} />;
            case 'select':
              return <SelectField key={spec.name} {...common} value={String(value)} options={spec.options ?? []} onChange={(event) => set(spec.name, event.target.value)} />;
            case 'textarea':
            case 'json':
            case 'images':
              return (
                <TextAreaField
                  key={spec.name}
                  {...common}
                  hint={spec.hint}
                  inputClassName={spec.type === 'json' ? 'font-mono' : ''}
                  value={String(value)}
                  onChange={(event) => set(spec.name, event.target.value)}
                />
              );
            case 'image':
              return <ImageField key={spec.name} {...common} hint={spec.hint} value={String(value)} onChange={(url) => set(spec.name, url)} />;
            default:
              return (
                <TextField
                  key={spec.name}
                  {...common}
                  hint={spec.hint}
                  type={spec.type === 'datetime' ? 'datetime-local' : 'text'}
                  inputMode={spec.type === 'number' || spec.type === 'optionalNumber' ? 'numeric' : undefined}
                  value={String(value)}
                  onChange={(event) => set(spec.name, event.target.value)}
                />
              );
          }
        })}
        <FormError error={error} />
      </div>
    </Dialog>
  );
}
