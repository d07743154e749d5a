import { useTranslation } from 'react-i18next';

import { Spinner } from '@/components/ui/spinner';
import { useReceiptUrl } from '@/hooks/use-receipt-url';

/** The customer's receipt, loaded with the admin's token (GET /api/uploads/:id) and shown from memory. */
export function ReceiptImage({ path, deleted }: { path: string; deleted: boolean }) {
  const { t } = useTranslation();
  const state = useReceiptUrl(deleted ? undefined : path);
  if (deleted) return <p className="text-sm text-muted">{t('admin.topups.receiptDeleted')}</p>;
  if (state.status === 'loading') {
    return (
      <div className="flex h-64 items-center justify-center gap-2 text-sm text-muted" role="status">
        <Spinner /> {t('admin.topups.receiptLoading')}
      </div>
    );
  }
  if (state.status === 'error' || !state.url) return <p role="alert" className="text-sm text-rose-600">{t('admin.topups.receiptError')}</p>;
  return (
    <a href={state.url} target="_blank" rel="noreferrer" className="block" title={t('admin.topups.receiptOpen')}>
      <img src={state.url} alt={t('admin.topups.receiptAlt')} className="mx-auto max-h-[70dvh] w-full rounded-xl border border-slate-200 object-contain dark:border-white/10" />
    </a>
  );
}
