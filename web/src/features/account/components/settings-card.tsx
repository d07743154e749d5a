import type { ReactNode } from 'react';

/** One block of the account settings: a heading, a line saying what it does, its controls. */
export function SettingsCard({ id, title, description, children }: { id: string; title: string; description?: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={id}
      className="flex min-w-0 flex-col gap-4 rounded-3xl border border-slate-200/80 bg-white/85 p-5 shadow-sm dark:border-white/10 dark:bg-white/[0.04]"
    >
      <div className="flex flex-col gap-1">
        <h3 id={id} className="text-base font-bold">
          {title}
        </h3>
        {description && <p className="text-sm text-muted">{description}</p>}
      </div>
      {children}
    </section>
  );
}

/** A quiet success line under a form, announced when it appears. */
export function SavedNote({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <p role="status" className="rounded-xl bg-emerald-50 px-4 py-3 text-sm font-medium text-emerald-700 dark:bg-emerald-500/10 dark:text-emerald-300">
      {children}
    </p>
  );
}
