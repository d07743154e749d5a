import { useCallback, useEffect, useRef, useState } from 'react';

import { copyText } from '@/lib/clipboard';

/** Copies text and reports `copied` for a moment (for "Copied!" feedback). */
export function useCopy(resetMs = 1800) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const copy = useCallback(
    async (text: string) => {
      const ok = await copyText(text);
      setCopied(ok);
      window.clearTimeout(timer.current);
      if (ok) timer.current = window.setTimeout(() => setCopied(false), resetMs);
      return ok;
    },
    [resetMs],
  );
  return { copied, copy };
}
