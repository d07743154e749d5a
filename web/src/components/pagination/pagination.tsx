import { useTranslation } from 'react-i18next';

import { useMediaQuery } from '@/hooks/use-media-query';
import { pageWindow } from '@/lib/pagination';

type PaginationProps = {
  currentPage: number;
  lastPage: number;
  onChange: (page: number) => void;
  /** Names the navigation landmark (e.g. "Products pages"). */
  label?: string;
};

const base =
  'inline-flex h-10 min-w-10 items-center justify-center rounded-xl border px-3 text-sm font-semibold tabular-nums transition disabled:cursor-not-allowed disabled:opacity-40';
const idle =
  'border-slate-200 bg-white/80 text-slate-700 hover:border-violet-300 hover:text-violet-700 dark:border-white/10 dark:bg-white/5 dark:text-slate-200 dark:hover:border-violet-400/50';
const active = 'border-transparent bg-gradient-to-r from-violet-600 to-indigo-600 text-white shadow-md shadow-violet-600/25';

/**
 * docs/spec.md §2 pagination: 'Current Page: n of m', First/Last from 640px, previous
 * and next, and 5 numbered buttons (3 under 640px) with ellipses.
 */
export function Pagination({ currentPage, lastPage, onChange, label }: PaginationProps) {
  const { t } = useTranslation();
  const wide = useMediaQuery('(min-width: 640px)');
  const last = Math.max(1, lastPage);
  const current = Math.min(Math.max(1, currentPage), last);
  const items = pageWindow(current, last, wide ? 5 : 3);
  const go = (page: number) => {
    if (page !== current && page >= 1 && page <= last) onChange(page);
  };
  return (
    <nav aria-label={label ?? t('pagination.label')} className="flex flex-col items-center gap-3">
      <p className="text-sm text-slate-600 dark:text-slate-300" aria-live="polite">
        {t('pagination.current', { current, last })}
      </p>
      <ul className="flex flex-wrap items-center justify-center gap-1.5">
        {wide && (
          <li>
            <button type="button" className={`${base} ${idle}`} disabled={current === 1} onClick={() => go(1)}>
              {t('pagination.first')}
            </button>
          </li>
        )}
        <li>
          <button type="button" className={`${base} ${idle}`} disabled={current === 1} onClick={() => go(current - 1)} aria-label={t('pagination.previous')}>
            <span aria-hidden="true">‹</span>
          </button>
        </li>
        {items.map((item) =>
          typeof item === 'number' ? (
            <li key={item}>
              <button
                type="button"
                className={`${base} ${item === current ? active : idle}`}
                aria-current={item === current ? 'page' : undefined}
                aria-label={t('pagination.page', { page: item })}
                onClick={() => go(item)}
              >
                {item}
              </button>
            </li>
          ) : (
            <li key={item} aria-hidden="true" className="px-1 text-slate-400">
              …
            </li>
          ),
        )}
        <li>
          <button type="button" className={`${base} ${idle}`} disabled={current === last} onClick={() => go(current + 1)} aria-label={t('pagination.next')}>
            <span aria-hidden="true">›</span>
          </button>
        </li>
        {wide && (
          <li>
            <button type="button" className={`${base} ${idle}`} disabled={current === last} onClick={() => go(last)}>
              {t('pagination.last')}
            </button>
          </li>
        )}
      </ul>
    </nav>
  );
}
