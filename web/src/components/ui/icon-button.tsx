import type { ComponentPropsWithRef } from 'react';

type IconButtonProps = ComponentPropsWithRef<'button'> & {
  /** The accessible name; icon-only buttons must have one. */
  label: string;
};

/** A 40px round icon button (comfortable touch target) for the top bar and panels. */
export function IconButton({ label, className = '', children, type = 'button', ...props }: IconButtonProps) {
  return (
    <button
      type={type}
      aria-label={label}
      title={label}
      className={`relative inline-flex size-10 shrink-0 items-center justify-center rounded-full border border-slate-200/80 bg-white/70 text-slate-700 shadow-sm transition hover:border-violet-300 hover:text-violet-700 active:scale-95 dark:border-white/10 dark:bg-white/5 dark:text-slate-200 dark:hover:border-violet-400/50 dark:hover:text-violet-200 ${className}`}
      {...props}
    >
      {children}
    </button>
  );
}
