import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';

import { fieldClass } from '@/components/ui/text-field';

const labelClass = 'text-sm font-semibold text-slate-700 dark:text-slate-200';
const border = (error?: string) => (error ? 'border-rose-400 dark:border-rose-500/60' : 'border-slate-200 dark:border-white/10');

function Message({ id, error, hint }: { id: string; error?: string; hint?: ReactNode }) {
  return (
    <>
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-rose-600 dark:text-rose-400">
          {error}
        </p>
      )}
    </>
  );
}

function describedBy(id: string, error?: string, hint?: ReactNode) {
  return [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
}

/** A field's label above the control and its hint and error below it. */
function Frame({ inputId, label, error, hint, className, children }: { inputId: string; label: string; error?: string; hint?: ReactNode; className: string; children: ReactNode }) {
  return (
    <div className={`flex flex-col gap-1.5 text-left ${className}`}>
      <label htmlFor={inputId} className={labelClass}>
        {label}
      </label>
      {children}
      <Message id={inputId} error={error} hint={hint} />
    </div>
  );
}

type TextAreaProps = ComponentPropsWithRef<'textarea'> & { label: string; error?: string; hint?: ReactNode; /** Classes of the textarea itself (e.g. font-mono: the label keeps the UI font). */ inputClassName?: string };

export function TextAreaField({ label, error, hint, id, className = '', inputClassName = '', ...props }: TextAreaProps) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <Frame inputId={inputId} label={label} error={error} hint={hint} className={className}>
      <textarea
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(inputId, error, hint)}
        className={`${fieldClass} ${border(error)} h-auto min-h-24 py-3 ${inputClassName}`}
        {...props}
      />
    </Frame>
  );
}

type SelectProps = ComponentPropsWithRef<'select'> & { label: string; error?: string; options: { value: string; label: string }[] };

export function SelectField({ label, error, options, id, className = '', ...props }: SelectProps) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <Frame inputId={inputId} label={label} error={error} className={className}>
      <select id={inputId} aria-invalid={error ? true : undefined} aria-describedby={describedBy(inputId, error)} className={`${fieldClass} ${border(error)}`} {...props}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Frame>
  );
}

type CheckProps = Omit<ComponentPropsWithRef<'input'>, 'type'> & { label: string };

export function CheckboxField({ label, className = '', ...props }: CheckProps) {
  return (
    <label className={`flex min-h-11 items-center gap-3 text-left text-sm font-medium ${className}`}>
      <input type="checkbox" className="size-5 shrink-0 accent-violet-600" {...props} />
      <span>{label}</span>
    </label>
  );
}

/** An on/off switch (role=switch) with its visible label. */
export function Switch({ label, checked, onChange, disabled }: { label: string; checked: boolean; onChange: (next: boolean) => void; disabled?: boolean }) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      disabled={disabled}
      onClick={() => onChange(!checked)}
      className="inline-flex min-h-11 items-center gap-3 rounded-xl text-left text-sm font-semibold disabled:opacity-60"
    >
      <span className={`relative inline-flex h-6 w-11 shrink-0 rounded-full transition ${checked ? 'bg-emerald-500' : 'bg-slate-300 dark:bg-white/20'}`}>
        <span className={`absolute top-0.5 size-5 rounded-full bg-white shadow transition-all ${checked ? 'left-[1.375rem]' : 'left-0.5'}`} />
      </span>
      {label}
    </button>
  );
}
