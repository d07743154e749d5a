import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';

type TextFieldProps = ComponentPropsWithRef<'input'> & {
  label: string;
  /** Shown under the field and announced with it. */
  error?: string;
  hint?: ReactNode;
  /** Rendered inside the field on the right (e.g. the show/hide toggle). */
  trailing?: ReactNode;
};

export const fieldClass =
  'h-12 w-full min-w-0 rounded-xl border bg-white/90 px-4 text-base text-slate-900 shadow-sm transition placeholder:text-slate-400 focus:border-violet-500 focus:ring-4 focus:ring-violet-500/15 dark:bg-white/5 dark:text-slate-100 dark:placeholder:text-slate-500';

/** A labelled input with its error message (aria-invalid + aria-describedby). */
export function TextField({ label, error, hint, trailing, id, className = '', ...props }: TextFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <label htmlFor={inputId} className="text-sm font-semibold text-slate-700 dark:text-slate-200">
        {label}
      </label>
      <div className="relative">
        <input
          id={inputId}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={`${fieldClass} ${trailing ? 'pr-12' : ''} ${
            error ? 'border-rose-400 dark:border-rose-500/60' : 'border-slate-200 dark:border-white/10'
          }`}
          {...props}
        />
        {trailing && <div className="absolute inset-y-0 right-1 flex items-center">{trailing}</div>}
      </div>
      {hint && (
        <p id={hintId} className="text-xs text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm font-medium text-rose-600 dark:text-rose-400">
          {error}
        </p>
      )}
    </div>
  );
}
