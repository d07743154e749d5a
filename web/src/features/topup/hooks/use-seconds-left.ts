import { useEffect, useState } from 'react';

/**
 * Whole seconds until `received + seconds * 1000` (both from this page's clock),
 * ticking every second: the countdown does not depend on the phone's clock
 * agreeing with the server's.
 */
export function useSecondsLeft(received: number | undefined, seconds: number | undefined): number | undefined {
  const deadline = received === undefined || seconds === undefined ? undefined : received + seconds * 1000;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (deadline === undefined) return;
    const tick = () => setNow(Date.now());
    const first = window.setTimeout(tick, 0);
    const timer = window.setInterval(tick, 1000);
    return () => {
      window.clearTimeout(first);
      window.clearInterval(timer);
    };
  }, [deadline]);
  if (deadline === undefined) return undefined;
  // `now` may predate the answer until the first tick: never more than was given.
  return Math.min(seconds ?? 0, Math.max(0, Math.ceil((deadline - now) / 1000)));
}
