import { useTranslation } from 'react-i18next';

/** A 1–5 rating as five stars, read out as "4 out of 5 stars". */
export function Stars({ rating, className = '' }: { rating: number; className?: string }) {
  const { t } = useTranslation();
  return (
    <span role="img" aria-label={t('reviews.stars', { rating })} className={`inline-flex gap-0.5 text-base leading-none ${className}`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <span key={n} aria-hidden="true" className={n <= rating ? 'text-gold-500 dark:text-gold-300' : 'text-slate-300 dark:text-white/15'}>
          ★
        </span>
      ))}
    </span>
  );
}
