import type { ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router';

const variants = {
  primary:
    'bg-gradient-to-r from-violet-600 to-indigo-600 text-white shadow-lg shadow-violet-600/25 hover:from-violet-500 hover:to-indigo-500',
  secondary:
    'border border-slate-200 bg-white/80 text-slate-800 hover:border-violet-300 hover:text-violet-700 dark:border-white/10 dark:bg-white/5 dark:text-slate-100 dark:hover:border-violet-400/50',
} as const;

type ButtonLinkProps = LinkProps & { variant?: keyof typeof variants; icon?: ReactNode };

/** A router link styled as a button. */
export function ButtonLink({ variant = 'primary', icon, className = '', children, ...props }: ButtonLinkProps) {
  return (
    <Link
      className={`inline-flex h-11 items-center justify-center gap-2 rounded-xl px-5 text-sm font-semibold transition active:scale-[0.98] ${variants[variant]} ${className}`}
      {...props}
    >
      {icon}
      {children}
    </Link>
  );
}
