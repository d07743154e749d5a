import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';

export function Pager({ page, lastPage, onPage }: { page: number; lastPage: number; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  if (lastPage <= 1) return null;
  return (
    <nav aria-label={t('admin.common.pages')} className="mt-4 flex items-center justify-between gap-3 text-sm">
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('admin.common.previous')}
      </Button>
      <span>{t('admin.common.pageOf', { page, last: lastPage })}</span>
      <Button variant="secondary" disabled={page >= lastPage} onClick={() => onPage(page + 1)}>
        {t('admin.common.next')}
      </Button>
    </nav>
  );
}
