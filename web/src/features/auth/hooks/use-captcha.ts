import { useEffect, useRef, useState } from 'react';

import { newCaptcha, type Captcha } from '@/lib/captcha';

/**
 * The captcha of one form while `active`: set up `delayMs` after it turns
 * active inside the element given to `containerRef`, removed when it turns
 * inactive or the form unmounts. `solve` answers a fresh solution for each
 * submit (the server spends each one once); `restart` sets it up again after
 * a failure.
 */
export function useCaptcha(active: boolean, delayMs = 0) {
  const [container, containerRef] = useState<HTMLDivElement | null>(null);
  const captcha = useRef<Captcha | null>(null);
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    if (!active || !container) return;
    const instance = newCaptcha();
    captcha.current = instance;
    let live = true;
    const timer = window.setTimeout(() => {
      instance.init(container).then(
        () => live && setReady(true),
        () => live && setFailed(true),
      );
    }, delayMs);
    return () => {
      live = false;
      window.clearTimeout(timer);
      instance.reset();
      captcha.current = null;
      setReady(false);
      setFailed(false);
    };
  }, [active, container, delayMs, generation]);

  const solve = (): Promise<string> => captcha.current?.execute() ?? Promise.reject(new Error('captcha not set up'));
  const restart = () => setGeneration((n) => n + 1);
  return { containerRef, ready, failed, solve, restart };
}

/** The captcha answers of the API (api/captcha.go), each a 422. */
export const CAPTCHA_CODES = ['captcha_required', 'captcha_invalid', 'captcha_expired', 'captcha_used'];
