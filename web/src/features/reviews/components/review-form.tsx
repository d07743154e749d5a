import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';

import { Button } from '@/components/ui/button';
import { CheckCircleIcon } from '@/components/ui/icons';
import { createReview, MAX_REVIEW_COMMENT, reviewKeys } from '@/features/reviews/api/reviews';
import { useErrorText } from '@/hooks/use-error-text';

/**
 * Write the one review of a completed order: 1–5 stars and up to 500
 * characters. Once sent it stays as a thank-you; the order's page reloaded
 * later no longer offers it (reviewable is false).
 */
export function ReviewForm({ orderId }: { orderId: number }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { mutate } = useSWRConfig();
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const [state, setState] = useState<{ kind: 'idle' | 'sending' | 'done' } | { kind: 'error'; message: string }>({ kind: 'idle' });
  const tooLong = [...comment].length > MAX_REVIEW_COMMENT;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (rating < 1) {
      setState({ kind: 'error', message: t('reviews.pickRating') });
      return;
    }
    if (tooLong || state.kind === 'sending') return;
    setState({ kind: 'sending' });
    try {
      await createReview({ order_id: orderId, rating, comment: comment.trim() });
      setState({ kind: 'done' });
      void mutate(reviewKeys.isReviews);
    } catch (error) {
      setState({ kind: 'error', message: errorText(error, t('reviews.failed')) });
    }
  };

  if (state.kind === 'done')
    return (
      <p role="status" className="flex items-center gap-2 rounded-2xl bg-emerald-50 p-4 text-sm font-semibold text-emerald-800 dark:bg-emerald-500/10 dark:text-emerald-200">
        <CheckCircleIcon className="size-5 shrink-0" />
        {t('reviews.thanks')}
      </p>
    );

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-3 rounded-3xl border border-slate-200/80 bg-white/90 p-4 sm:p-6 dark:border-white/10 dark:bg-ink-900/80">
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-lg font-bold">{t('reviews.write')}</legend>
        <div role="radiogroup" aria-label={t('reviews.rating')} className="flex gap-1">
          {[1, 2, 3, 4, 5].map((n) => (
            <button
              key={n}
              type="button"
              role="radio"
              aria-checked={rating === n}
              aria-label={t('reviews.stars', { rating: n })}
              onClick={() => setRating(n)}
              className={`inline-flex size-11 items-center justify-center rounded-xl text-2xl transition hover:bg-gold-300/20 ${
                n <= rating ? 'text-gold-500 dark:text-gold-300' : 'text-slate-300 dark:text-white/20'
              }`}
            >
              <span aria-hidden="true">★</span>
            </button>
          ))}
        </div>
      </fieldset>
      <label className="flex flex-col gap-1.5 text-sm font-semibold">
        {t('reviews.comment')}
        <textarea
          value={comment}
          onChange={(event) => setComment(event.target.value)}
          rows={3}
          aria-invalid={tooLong}
          aria-describedby="review-count"
          className="rounded-xl border border-slate-300 bg-white px-3 py-2 text-base font-normal dark:border-white/15 dark:bg-white/5"
        />
      </label>
      <p id="review-count" className={`text-right text-xs ${tooLong ? 'font-bold text-rose-600 dark:text-rose-300' : 'text-muted'}`}>
        {t('reviews.count', { length: [...comment].length, max: MAX_REVIEW_COMMENT })}
      </p>
      {state.kind === 'error' && (
        <p role="alert" className="rounded-xl bg-rose-50 p-3 text-sm text-rose-800 dark:bg-rose-950/40 dark:text-rose-200">
          {state.message}
        </p>
      )}
      <Button type="submit" loading={state.kind === 'sending'} disabled={tooLong}>
        {t('reviews.submit')}
      </Button>
    </form>
  );
}
