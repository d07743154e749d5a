import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { errorText } from '@/features/admin/utils/error-text';

/** Loading, error (with retry) and empty states of an SWR list. */
export function QueryState({
  loading,
  error,
  empty,
  retry,
  emptyText,
  children,
}: {
  loading: boolean;
  error: unknown;
  empty?: boolean;
  retry?: () => void;
  emptyText?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  if (error) {
    return (
      <div role="alert" className="flex flex-col items-start gap-3 rounded-xl bg-rose-50 p-4 text-sm text-rose-800 dark:bg-rose-500/10 dark:text-rose-200">
        <p>{errorText(error, t)}</p>
        {retry && (
          <Button variant="secondary" onClick={retry}>
            {t('admin.common.retry')}
          </Button>
        )}
      </div>
    );
  }
  if (loading) {
    return (
      <div className="flex items-center gap-2 py-6 text-sm text-muted" role="status">
        <Spinner /> {t('app.loading')}
      </div>
    );
  }
  if (empty) return <p className="py-6 text-center text-sm text-muted">{emptyText ?? t('admin.common.empty')}</p>;
  return <>{children}</>;
}

/** A form-level error from the server. */
export function FormError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  if (!error) return null;
  return <FormAlert compact>{errorText(error, t)}</FormAlert>;
}
