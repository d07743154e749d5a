import type { ComponentPropsWithRef, ReactNode } from 'react';

import { Spinner } from '@/components/ui/spinner';

const variants = {
  primary:
    'bg-gradient-to-r from-violet-600 to-indigo-600 text-white shadow-lg shadow-violet-600/25 hover:from-violet-500 hover:to-indigo-500 disabled:from-violet-400 disabled:to-indigo-400 dark:disabled:from-violet-900 dark:disabled:to-indigo-900',
  secondary:
    'border border-slate-200 bg-white/80 text-slate-800 hover:border-violet-300 hover:text-violet-700 dark:border-white/10 dark:bg-white/5 dark:text-slate-100 dark:hover:border-violet-400/50',
  danger: 'bg-gradient-to-r from-rose-600 to-red-600 text-white shadow-lg shadow-rose-600/25 hover:from-rose-500 hover:to-red-500',
  gold: 'bg-gradient-to-r from-gold-300 to-gold-500 text-ink-900 shadow-lg shadow-gold-500/25 hover:from-gold-200 hover:to-gold-400',
} as const;

type ButtonProps = ComponentPropsWithRef<'button'> & {
  variant?: keyof typeof variants;
  /** Shows a spinner and disables the button. */
  loading?: boolean;
  icon?: ReactNode;
};

export function Button({ variant = 'primary', loading = false, icon, disabled, className = '', children, type = 'button', ...props }: ButtonProps) {
  return (
    <button
      type={type}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={`inline-flex min-h-11 items-center justify-center gap-2 rounded-xl px-5 py-2 text-sm font-semibold transition active:scale-[0.98] disabled:cursor-not-allowed disabled:opacity-70 disabled:active:scale-100 ${variants[variant]} ${className}`}
      {...props}
    >
      {loading ? <Spinner /> : icon}
      {children}
    </button>
  );
}
