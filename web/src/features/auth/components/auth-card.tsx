import type { ReactNode } from 'react';

/** The centred auth column (max 500px) with a glassy card. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle: string; children: ReactNode }) {
  return (
    <section className="mx-auto flex w-full max-w-[500px] flex-col gap-6 py-2 sm:py-8">
      <header className="flex flex-col gap-1 text-center">
        <h1 className="bg-gradient-to-r from-violet-700 via-indigo-600 to-sky-600 bg-clip-text text-2xl font-extrabold tracking-tight text-transparent sm:text-3xl dark:from-violet-300 dark:via-indigo-300 dark:to-sky-300">
          {title}
        </h1>
        <p className="text-sm text-slate-600 dark:text-slate-300">{subtitle}</p>
      </header>
      <div className="rounded-3xl border border-slate-200/80 bg-white/80 p-5 shadow-xl shadow-violet-900/5 backdrop-blur-xl sm:p-8 dark:border-white/10 dark:bg-ink-900/70">
        {children}
      </div>
    </section>
  );
}
