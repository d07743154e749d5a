import type { ReactNode } from 'react';

/** A form-level error (the server's answer, a failed step), announced when it appears. */
export function FormAlert({ children, compact = false }: { children: ReactNode; compact?: boolean }) {
  if (!children) return null;
  return (
    <p
      role="alert"
      className={`rounded-xl bg-rose-50 text-sm font-medium text-rose-700 dark:bg-rose-500/10 dark:text-rose-300 ${compact ? 'px-3 py-2 text-left' : 'px-4 py-3'}`}
    >
      {children}
    </p>
  );
}
