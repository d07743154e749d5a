import { useSearchParams } from 'react-router';

/**
 * An admin list's filters in the URL: the params and `update`, which sets the
 * given ones (an empty value removes it) and replaces the history entry.
 */
export function useFilterParams() {
  const [params, setParams] = useSearchParams();
  const update = (next: Record<string, string>) => {
    const merged = new URLSearchParams(params);
    for (const [name, value] of Object.entries(next)) {
      if (value) merged.set(name, value);
      else merged.delete(name);
    }
    setParams(merged, { replace: true });
  };
  return { params, setParams, update };
}
