/**
 * A menu that opens under its button (a `<details>`, like History): it closes on Escape, giving
 * the focus back to its button, and on a press anywhere outside it, as menus do; and it is placed
 * where it fits in the window, since the top bar wraps on a phone and a button near its left edge
 * once sent the menu off the screen.
 */
import { useEffect, useState, type CSSProperties, type RefObject } from 'react';

/** Calls `close(refocus)` on Escape (true) and on a press outside `ref` (false) while `open`. */
export function useDismiss(ref: RefObject<HTMLElement | null>, open: boolean, close: (refocus: boolean) => void): void {
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      close(true);
    };
    const onPress = (event: PointerEvent) => {
      if (ref.current && !ref.current.contains(event.target as Node)) close(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPress);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPress);
    };
  }, [ref, open, close]);
}

/** The margin a menu keeps from the window's edges, in px. */
const EDGE = 8;

/**
 * Where a menu `width` px wide goes while `open`: under the button, its right edge at the button's
 * (as on a wide screen), moved left or right as far as it must to stay in the window.
 */
export function useDropdownPlace(ref: RefObject<HTMLElement | null>, open: boolean, width: number): CSSProperties | undefined {
  const [place, setPlace] = useState<CSSProperties>();
  useEffect(() => {
    if (!open || !ref.current) return;
    const measure = () => {
      const button = ref.current!.getBoundingClientRect();
      const fits = Math.min(width, window.innerWidth - 2 * EDGE);
      const left = Math.max(EDGE, Math.min(button.right - fits, window.innerWidth - EDGE - fits));
      // Relative to the button's box, which positions the menu.
      setPlace({ left: left - button.left, right: 'auto', width: fits });
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [ref, open, width]);
  return open ? place : undefined;
}
