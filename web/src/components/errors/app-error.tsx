import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';

import { endFirstScreen } from '@/lib/first-screen';

function describe(error: unknown): string | undefined {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return undefined;
}

/** Router-level fallback (docs/spec.md §8): 'Unexpected Application Error!' plus the error text. */
export function AppError() {
  const error = useRouteError();
  const { t } = useTranslation();
  useEffect(endFirstScreen, []);
  return (
    <main className="mx-auto flex min-h-dvh max-w-xl flex-col items-center justify-center gap-4 px-6 text-center">
      <h1 className="text-2xl font-bold text-rose-600 dark:text-rose-400">{t('error.heading')}</h1>
      <pre className="max-w-full overflow-x-auto rounded-xl bg-slate-100 px-4 py-3 text-left text-sm whitespace-pre-wrap text-slate-700 dark:bg-white/5 dark:text-slate-200">
        {describe(error) ?? t('error.unknown')}
      </pre>
      <button
        type="button"
        onClick={() => window.location.reload()}
        className="h-11 rounded-xl bg-violet-600 px-5 text-sm font-semibold text-white hover:bg-violet-500"
      >
        {t('error.reload')}
      </button>
    </main>
  );
}
