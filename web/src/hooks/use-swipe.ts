import { useRef, useState, type PointerEvent } from 'react';

/** How far (px) a finger must travel sideways to count as a swipe. */
export const SWIPE_THRESHOLD_PX = 50;

type SwipeOptions = { onNext: () => void; onPrevious: () => void };

/**
 * Horizontal swipes from pointer events (touch, pen or a mouse drag): left
 * is next, right is previous. Spread `handlers` on the swiped element (give
 * it `touch-action: pan-y` so the browser leaves sideways moves to us);
 * `offset` is the current drag, for the content to follow the finger.
 */
export function useSwipe({ onNext, onPrevious }: SwipeOptions) {
  const start = useRef<{ id: number; x: number; y: number } | null>(null);
  const [offset, setOffset] = useState(0);

  const end = (event: PointerEvent<HTMLElement>, apply: boolean) => {
    const from = start.current;
    if (!from || from.id !== event.pointerId) return;
    start.current = null;
    setOffset(0);
    const dx = event.clientX - from.x;
    const dy = event.clientY - from.y;
    // Mostly vertical moves are scrolls or taps, not swipes.
    if (!apply || Math.abs(dx) < SWIPE_THRESHOLD_PX || Math.abs(dx) < Math.abs(dy)) return;
    if (dx < 0) onNext();
    else onPrevious();
  };

  const handlers = {
    onPointerDown(event: PointerEvent<HTMLElement>) {
      if (event.pointerType === 'mouse' && event.button !== 0) return;
      start.current = { id: event.pointerId, x: event.clientX, y: event.clientY };
    },
    onPointerMove(event: PointerEvent<HTMLElement>) {
      const from = start.current;
      if (from?.id === event.pointerId) setOffset(event.clientX - from.x);
    },
    onPointerUp: (event: PointerEvent<HTMLElement>) => end(event, true),
    onPointerCancel: (event: PointerEvent<HTMLElement>) => end(event, false),
  };
  return { handlers, offset };
}
