import { useTranslation } from 'react-i18next';

import { useReviews } from '@/features/reviews/api/reviews';
import { Stars } from '@/features/reviews/components/stars';
import { formatDate } from '@/lib/time';
import { scriptLang } from '@/lib/script-lang';

/** Approved reviews with stars and dates (the whole shop's, or one game's); nothing while there are none. */
export function ReviewList({ gameSlug }: { gameSlug?: string }) {
  const { t, i18n } = useTranslation();
  const { data } = useReviews(gameSlug);
  const reviews = data?.data ?? [];
  if (reviews.length === 0) return null;
  return (
    <section aria-labelledby="reviews-heading" className="flex flex-col gap-4">
      <h2 id="reviews-heading" className="text-xl font-bold">
        {t('reviews.title')}
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {reviews.map((review) => (
          <li key={review.id} className="flex flex-col gap-2 rounded-2xl border border-slate-200/80 bg-white/85 p-4 text-sm dark:border-white/10 dark:bg-white/[0.04]">
            <div className="flex items-center justify-between gap-2">
              <Stars rating={review.rating} />
              <time dateTime={review.created_at} className="text-xs text-muted">
                {formatDate(review.created_at, i18n.language)}
              </time>
            </div>
            {review.comment && <p lang={scriptLang(review.comment)} className="break-words whitespace-pre-line text-slate-700 dark:text-slate-200">{review.comment}</p>}
            <p className="text-xs text-muted">
              <span className="font-semibold">{review.user.username}</span> · {review.product.name}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
