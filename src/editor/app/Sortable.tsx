/**
 * Drag-and-drop reordering of a vertical list, on dnd-kit, shared by the
 * outline and array fields. Items move by dragging their handle, or from the
 * keyboard: Space or Enter on the handle picks the item up, the arrow keys move
 * it, Space or Enter drops it and Escape cancels. Every step is announced.
 */
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type Announcements, type DragEndEvent, type Modifier, type UniqueIdentifier } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { useMemo, useRef, type CSSProperties, type ReactNode } from 'react';
import { moveItem } from '../lib/model';
import { useStableCallback } from './useStableCallback';

const INSTRUCTIONS =
  'To move an item, press Space or Enter on its handle to pick it up, use the arrow keys to move it, and press Space or Enter again to drop it. Press Escape to cancel.';

// Lists only reorder up and down, so the dragged item never drifts sideways.
const verticalOnly: Modifier = ({ transform }) => ({ ...transform, x: 0 });

/*
 * The context's options, made once: dnd-kit memoizes its sensors and context on their identity, so
 * options written inline gave the drag context a new value at every render of the list, and every
 * row of the outline rendered again at each keystroke (a 200-section page: 27 ms a keystroke
 * against 11 ms on a short page; the bench's inspector latency).
 */
const MODIFIERS = [verticalOnly];
// A few pixels of travel before a drag starts, so a click on the handle stays a click.
const POINTER_OPTIONS = { activationConstraint: { distance: 4 } };
const KEYBOARD_OPTIONS = { coordinateGetter: sortableKeyboardCoordinates };

interface ListProps {
  /** One unique, stable id per item, in order. */
  ids: readonly string[];
  /** How announcements name the item at an index: "Hero (hero-1)". */
  describe(index: number): string;
  onMove(from: number, to: number): void;
  children: ReactNode;
}

export function SortableList({ ids, describe, onMove, children }: ListProps) {
  const sensors = useSensors(useSensor(PointerSensor, POINTER_OPTIONS), useSensor(KeyboardSensor, KEYBOARD_OPTIONS));
  // Announcements read the latest list, without rebuilding the context for each render.
  const name = useStableCallback((id: UniqueIdentifier) => describe(ids.indexOf(String(id))));
  const position = useStableCallback((id: UniqueIdentifier) => `position ${ids.indexOf(String(id)) + 1} of ${ids.length}`);
  const accessibility = useMemo(() => {
    // dnd-kit reports the item over its own place right after pick-up; saying so would drown "Picked up".
    let lastOver: UniqueIdentifier | null = null;
    const announcements: Announcements = {
      onDragStart: ({ active }) => {
        lastOver = active.id;
        return `Picked up ${name(active.id)}, at ${position(active.id)}.`;
      },
      onDragOver: ({ active, over }) => {
        if ((over?.id ?? null) === lastOver) return undefined;
        lastOver = over?.id ?? null;
        return over ? `${name(active.id)} is over ${position(over.id)}.` : `${name(active.id)} is not over a position.`;
      },
      onDragEnd: ({ active, over }) => (over ? `Dropped ${name(active.id)} at ${position(over.id)}.` : `Dropped ${name(active.id)}; it did not move.`),
      onDragCancel: ({ active }) => `Cancelled. ${name(active.id)} stays at ${position(active.id)}.`,
    };
    return { announcements, screenReaderInstructions: { draggable: INSTRUCTIONS } };
  }, [name, position]);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const [from, to] = [ids.indexOf(String(active.id)), ids.indexOf(String(over.id))];
    if (from >= 0 && to >= 0) onMove(from, to);
  };
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} modifiers={MODIFIERS} accessibility={accessibility} onDragEnd={onDragEnd}>
      <SortableContext items={ids as string[]} strategy={verticalListSortingStrategy}>
        {children}
      </SortableContext>
    </DndContext>
  );
}

/** What a list item needs: a ref and style for the item, and the props of its drag handle. */
export function useSortableItem(id: string) {
  const { setNodeRef, setActivatorNodeRef, attributes, listeners, transform, transition, isDragging } = useSortable({ id });
  const style: CSSProperties = {
    transform: transform ? `translate3d(0, ${Math.round(transform.y)}px, 0)` : undefined,
    transition,
    position: 'relative',
    zIndex: isDragging ? 2 : undefined,
  };
  return { ref: setNodeRef, style, isDragging, handle: { ...attributes, ...listeners, ref: setActivatorNodeRef } };
}

/** The grip an item is dragged by: a real button, so it is in the tab order and named for screen readers. */
export function DragHandle({ label, handle }: { label: string; handle: ReturnType<typeof useSortableItem>['handle'] }) {
  return (
    <button type="button" className="drag-handle" aria-label={label} title="Drag to reorder, or press Space to move with the arrow keys" {...handle}>
      <svg viewBox="0 0 10 16" width="10" height="16" aria-hidden="true" focusable="false">
        {[3, 8, 13].flatMap((y) => [<circle key={`a${y}`} cx="2.5" cy={y} r="1.4" />, <circle key={`b${y}`} cx="7.5" cy={y} r="1.4" />])}
      </svg>
    </button>
  );
}

/**
 * Stable keys for the items of a list whose items have no ids of their own
 * (array fields): they follow an item through the moves and removals made here,
 * so React and dnd-kit keep each item's DOM, and its focus, with it.
 */
export function useItemKeys(length: number) {
  const state = useRef({ keys: [] as string[], next: 0 });
  const { keys } = state.current;
  while (keys.length < length) keys.push(`item-${state.current.next++}`);
  keys.length = length;
  return {
    keys: [...keys],
    /** The key the next item added will get. */
    nextKey: () => `item-${state.current.next}`,
    move(from: number, to: number) {
      state.current.keys = moveItem(state.current.keys, from, to);
    },
    remove(index: number) {
      state.current.keys = state.current.keys.filter((_, i) => i !== index);
    },
  };
}
