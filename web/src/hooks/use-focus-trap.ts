import { useEffect, useRef, type RefObject } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, [contenteditable="true"], [tabindex]:not([tabindex="-1"])';

/** What Tab reaches inside `container`, in order. */
function tabbable(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (element) => element.tabIndex >= 0 && !element.closest('[inert], [hidden]') && (typeof element.checkVisibility !== 'function' || element.checkVisibility()),
  );
}

function focusInside(container: HTMLElement) {
  const first = tabbable(container)[0];
  if (first) return first.focus();
  if (!container.hasAttribute('tabindex')) container.tabIndex = -1;
  container.focus();
}

// The last few elements that had focus (null: focus left for nowhere), so a
// trap knows its opener even when a child with autoFocus took focus before
// the trap's effect ran. Listening from the start: the opener was focused
// before any trap existed.
const recent: (Element | null)[] = [];
if (typeof document !== 'undefined') {
  const remember = (element: Element | null) => {
    recent.push(element);
    if (recent.length > 8) recent.shift();
  };
  document.addEventListener('focusin', (event) => remember(event.target as Element), true);
  document.addEventListener('focusout', (event) => event.relatedTarget === null && remember(null), true);
}

/** Where focus was before `container` opened: the last element focused outside it, if it is still there. */
function openerOf(container: HTMLElement): HTMLElement | null {
  for (let index = recent.length - 1; index >= 0; index -= 1) {
    const element = recent[index];
    if (element === undefined || (element !== null && container.contains(element))) continue;
    return element instanceof HTMLElement && element.isConnected ? element : null;
  }
  return null;
}

/** The open traps, innermost last: only the innermost one handles Tab. */
const traps: HTMLElement[] = [];

/**
 * Keeps keyboard focus inside a modal while `active` (WCAG 2.1.2, 2.4.3):
 * focus moves in when it opens (unless a child took it already), Tab and
 * Shift+Tab wrap around inside, and when it closes focus goes back to what
 * opened it (`returnTo`, or the element focused before it), or into the
 * trap below when that is gone. Escape is the dialog's own (useEscapeKey).
 * Returns the ref for the modal's outermost element.
 */
export function useFocusTrap<T extends HTMLElement>(active: boolean, returnTo?: RefObject<HTMLElement | null>) {
  const ref = useRef<T>(null);
  useEffect(() => {
    const container = ref.current;
    if (!active || !container) return;
    const opener = returnTo?.current ?? openerOf(container);
    traps.push(container);
    if (!container.contains(document.activeElement)) focusInside(container);

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Tab' || traps.at(-1) !== container) return;
      const items = tabbable(container);
      const first = items[0];
      const last = items.at(-1);
      const current = document.activeElement;
      const astray = !current || !container.contains(current) || current === container;
      if (!first || !last) {
        event.preventDefault();
      } else if (event.shiftKey && (current === first || astray)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (current === last || astray)) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      traps.splice(traps.indexOf(container), 1);
      // Focus the user moved elsewhere (a click outside on something focusable) stays there.
      const focus = document.activeElement;
      if (focus && focus !== document.body && focus.isConnected && !container.contains(focus)) return;
      const below = traps.at(-1);
      if (opener?.isConnected) opener.focus();
      else if (below) focusInside(below);
    };
  }, [active, returnTo]);
  return ref;
}
