import { useCallback, useEffect } from 'react';
import { useSearchParams } from 'react-router';

import { parsePage } from '@/lib/pagination';

/**
 * docs/spec.md §2: the current page lives in ?page (default 1, written to the URL on
 * load); changing it scrolls the window smoothly to the top.
 */
export function usePageParam(): [number, (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get('page');
  const page = parsePage(raw);

  useEffect(() => {
    if (raw !== String(page)) {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set('page', String(page));
          return next;
        },
        { replace: true },
      );
    }
  }, [raw, page, setParams]);

  const setPage = useCallback(
    (next: number) => {
      setParams((current) => {
        const copy = new URLSearchParams(current);
        copy.set('page', String(next));
        return copy;
      });
      window.scrollTo({ top: 0, behavior: 'smooth' });
    },
    [setParams],
  );
  return [page, setPage];
}
