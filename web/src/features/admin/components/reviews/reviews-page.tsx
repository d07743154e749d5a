import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { useRevalidate } from '@/features/admin/api/keys';
import { moderateReview, useReviews } from '@/features/admin/api/reviews';
import type { Review } from '@/features/admin/api/types';
import { Badge } from '@/features/admin/components/common/badge';
import { ConfirmDialog } from '@/features/admin/components/common/confirm-dialog';
import { Pager } from '@/features/admin/components/common/pager';
import { PageHeader } from '@/features/admin/components/common/panel';
import { QueryState } from '@/features/admin/components/common/query-state';
import { Segmented } from '@/features/admin/components/common/segmented';
import { YangonTime } from '@/features/admin/components/common/time';
import { scriptLang } from '@/lib/script-lang';

/** Customers' reviews: hide or show again, with an optional reason. */
export function ReviewsPage() {
  const { t } = useTranslation();
  const [visible, setVisible] = useState<'' | 'true' | 'false'>('');
  const [page, setPage] = useState(1);
  const { data, error, isLoading, mutate } = useReviews(visible, page);
  const revalidate = useRevalidate();
  const [target, setTarget] = useState<Review | null>(null);
  return (
    <>
      <PageHeader title={t('admin.reviews.title')} />
      <Segmented
        label={t('admin.reviews.filter')}
        value={visible}
        onChange={(value) => {
          setVisible(value);
          setPage(1);
        }}
        options={[
          { value: '', label: t('admin.common.all') },
          { value: 'true', label: t('admin.reviews.shown') },
          { value: 'false', label: t('admin.reviews.hidden') },
        ]}
      />
      <QueryState loading={isLoading} error={error} retry={() => void mutate()} empty={data?.data.length === 0} emptyText={t('admin.reviews.empty')}>
        <ul className="mt-4 grid gap-3 md:grid-cols-2" aria-label={t('admin.reviews.title')}>
          {data?.data.map((review) => (
            <li key={review.id} className="flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white/80 p-4 dark:border-white/10 dark:bg-white/5">
              <div className="flex items-center justify-between gap-2">
                <span className="text-gold-500" aria-label={t('admin.reviews.rating', { rating: review.rating })}>
                  {'★'.repeat(review.rating)}
                  <span className="text-slate-300 dark:text-white/20">{'★'.repeat(5 - review.rating)}</span>
                </span>
                {review.is_visible ? <Badge tone="good">{t('admin.reviews.shown')}</Badge> : <Badge>{t('admin.reviews.hidden')}</Badge>}
              </div>
              <p lang={scriptLang(review.comment)} className="text-sm break-words">{review.comment || '—'}</p>
              <p className="text-xs text-muted">
                {review.username} · {review.product_name} · #{review.order_id} · <YangonTime value={review.created_at} />
              </p>
              <Button variant="secondary" className="self-start" onClick={() => setTarget(review)}>
                {review.is_visible ? t('admin.reviews.hide') : t('admin.reviews.show')}
              </Button>
            </li>
          ))}
        </ul>
        {data && <Pager page={data.current_page} lastPage={data.last_page} onPage={setPage} />}
      </QueryState>
      {target && (
        <ConfirmDialog
          open
          onClose={() => setTarget(null)}
          title={target.is_visible ? t('admin.reviews.hideTitle') : t('admin.reviews.showTitle')}
          confirmLabel={target.is_visible ? t('admin.reviews.hide') : t('admin.reviews.show')}
          danger={target.is_visible}
          reason="optional"
          onConfirm={(reason) => moderateReview(target.id, !target.is_visible, reason)}
          onDone={() => void revalidate('reviews', 'audit')}
        />
      )}
    </>
  );
}
