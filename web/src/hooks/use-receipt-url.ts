import { useEffect, useState } from 'react';

import { api } from '@/lib/api-client';

/** GET /api/uploads/{id} (a path with or without /api) as a Blob: receipts are private, so they come with the token. */
const getReceipt = (url: string, signal?: AbortSignal) => api.blob(url.replace(/^\/api\//, ''), { signal, timeoutMs: 60_000 });

type Loaded = { path: string; url?: string; failed?: boolean };
type State = { status: 'loading' | 'ready' | 'error'; url?: string };

/** Loads a receipt with the session's token (its owner's or an admin's) and shows it through an object URL (revoked on change). */
export function useReceiptUrl(path: string | undefined): State {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  useEffect(() => {
    if (!path) return;
    let url: string | undefined;
    const controller = new AbortController();
    getReceipt(path, controller.signal)
      .then((blob) => {
        if (controller.signal.aborted) return;
        url = URL.createObjectURL(blob);
        setLoaded({ path, url });
      })
      .catch(() => {
        if (!controller.signal.aborted) setLoaded({ path, failed: true });
      });
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [path]);
  if (!path || loaded?.path !== path) return { status: 'loading' };
  return loaded.failed ? { status: 'error' } : { status: 'ready', url: loaded.url };
}
