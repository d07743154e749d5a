import { useEffect } from 'react';

// Locks are counted: a dialog opened over a panel, or a panel remounted
// while its old copy is still leaving, must not give the page its scroll
// back when the first of them closes.
let locks = 0;
let unlockedOverflow = '';

/** Stops the page behind an open panel from scrolling. */
export function useLockBodyScroll(locked: boolean) {
  useEffect(() => {
    if (!locked) return;
    if (locks === 0) {
      unlockedOverflow = document.body.style.overflow;
      document.body.style.overflow = 'hidden';
    }
    locks += 1;
    return () => {
      locks -= 1;
      if (locks === 0) document.body.style.overflow = unlockedOverflow;
    };
  }, [locked]);
}
