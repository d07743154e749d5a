import { useTranslation } from 'react-i18next';

/** Full-height loading indicator for pages and lazy routes. */
export function PageSpinner() {
  const { t } = useTranslation();
  return (
    <div role="status" className="flex min-h-[50dvh] items-center justify-center">
      <span className="size-9 animate-spin rounded-full border-4 border-violet-200 border-t-violet-600 dark:border-violet-900 dark:border-t-violet-400" />
      <span className="sr-only">{t('app.loading')}</span>
    </div>
  );
}
