/**
 * Which tabs with unsaved changes the sidebar's row of tabs has scrolled out of sight, by the row's
 * inline start and end (ContentNav marks that edge). Measured again when the row scrolls or changes
 * size, and when which tabs have unsaved changes changes.
 */
import { useCallback, useEffect, useState, type RefObject } from 'react';
import { hiddenDirtyTabs } from '../../lib/tab-overflow';

export interface HiddenAtEdges {
  start: string | null;
  end: string | null;
}

const NONE: HiddenAtEdges = { start: null, end: null };

export function useHiddenDirtyTabs(row: RefObject<HTMLElement | null>, tabs: RefObject<Partial<Record<string, HTMLElement | null>>>, dirty: readonly string[]): { hidden: HiddenAtEdges; measure(): void } {
  const [hidden, setHidden] = useState<HiddenAtEdges>(NONE);
  const dirtyKey = dirty.join('\n');
  const measure = useCallback(() => {
    const element = row.current;
    if (!element) return;
    const boxes = Object.entries(tabs.current ?? {}).flatMap(([name, node]) => {
      if (!node) return [];
      const box = node.getBoundingClientRect();
      return [{ name, left: box.left, right: box.right, dirty: dirty.includes(name) }];
    });
    const { left, right } = hiddenDirtyTabs(element.getBoundingClientRect(), boxes);
    // Right to left, the row starts on the right.
    const next = getComputedStyle(element).direction === 'rtl' ? { start: right, end: left } : { start: left, end: right };
    setHidden((previous) => (previous.start === next.start && previous.end === next.end ? previous : next));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `dirty` is read by its content, dirtyKey
  }, [row, tabs, dirtyKey]);
  useEffect(() => {
    measure();
    const element = row.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [measure, row]);
  return { hidden, measure };
}
