import { useEffect, useRef } from 'react';

/**
 * While `open`, the browser's back (Android's back button above all) closes the
 * dialog instead of leaving the page: opening adds a history entry at the same
 * address, back pops it and calls onClose. Closing another way takes the entry
 * back off, unless `leaving` says the dialog's action is navigating away.
 */
export function useBackCloses(open: boolean, onClose: () => void, isLeaving: () => boolean) {
  const close = useRef(onClose);
  const leaving = useRef(isLeaving);
  useEffect(() => {
    close.current = onClose;
    leaving.current = isLeaving;
  }, [onClose, isLeaving]);
  useEffect(() => {
    if (!open) return;
    const marker = `dialog-${Date.now()}-${Math.random()}`;
    window.history.pushState({ ...(window.history.state as object | null), backCloses: marker }, '');
    let popped = false;
    const onPop = () => {
      popped = true;
      close.current();
    };
    window.addEventListener('popstate', onPop);
    const stillLeaving = leaving;
    return () => {
      window.removeEventListener('popstate', onPop);
      const state = window.history.state as { backCloses?: string } | null;
      if (!popped && !stillLeaving.current() && state?.backCloses === marker) window.history.back();
    };
  }, [open]);
}
