/**
 * dnd-kit's half of a sortable list, loaded apart from the editor's first load (Sortable.tsx says
 * when). It renders beside the list's items, not around them, so mounting it once it has loaded
 * leaves the items' DOM, focus and state alone: one `Binder` per item runs dnd-kit's hook and
 * hands what it returns to the item through the list's store (sortable-store.ts).
 */
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type Announcements, type DragEndEvent, type Modifier, type UniqueIdentifier } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { memo, useLayoutEffect, useMemo } from 'react';
import type { SortableStore } from './sortable-store';
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

export interface DndProps {
  store: SortableStore;
  /** One unique, stable id per item, in order. */
  ids: readonly string[];
  /** How announcements name the item at an index: "Hero (hero-1)". */
  describe(index: number): string;
  /** Where an item moved from `from` onto the item at `to` lands, when the list moves it elsewhere (next to a pinned footer); `to` without it. */
  landing?(from: number, to: number): number;
  onMove(from: number, to: number): void;
}

export function SortableDnd({ store, ids, describe, landing, onMove }: DndProps) {
  const sensors = useSensors(useSensor(PointerSensor, POINTER_OPTIONS), useSensor(KeyboardSensor, KEYBOARD_OPTIONS));
  // Announcements read the latest list, without rebuilding the context for each render.
  const name = useStableCallback((id: UniqueIdentifier) => describe(ids.indexOf(String(id))));
  const position = useStableCallback((index: number) => `position ${index + 1} of ${ids.length}`);
  const indexOf = useStableCallback((id: UniqueIdentifier) => ids.indexOf(String(id)));
  // Where the item lands, not the item it is over: dropped onto the pinned footer, it lands above it (QA: "at position 8 of 8").
  const landsAt = useStableCallback((active: UniqueIdentifier, over: UniqueIdentifier) => (landing ?? ((_from: number, to: number) => to))(indexOf(active), indexOf(over)));
  const accessibility = useMemo(() => {
    // dnd-kit reports the item over its own place right after pick-up; saying so would drown "Picked up".
    // Said again only when where it would land changes: over the footer is over the place above it.
    let lastAt: number | null = null;
    const announcements: Announcements = {
      onDragStart: ({ active }) => {
        lastAt = indexOf(active.id);
        return `Picked up ${name(active.id)}, at ${position(indexOf(active.id))}.`;
      },
      onDragOver: ({ active, over }) => {
        const at = over ? landsAt(active.id, over.id) : null;
        if (at === lastAt) return undefined;
        lastAt = at;
        return at !== null ? `${name(active.id)} is over ${position(at)}.` : `${name(active.id)} is not over a position.`;
      },
      onDragEnd: ({ active, over }) => (over ? `Dropped ${name(active.id)} at ${position(landsAt(active.id, over.id))}.` : `Dropped ${name(active.id)}; it did not move.`),
      onDragCancel: ({ active }) => `Cancelled. ${name(active.id)} stays at ${position(indexOf(active.id))}.`,
    };
    return { announcements, screenReaderInstructions: { draggable: INSTRUCTIONS } };
  }, [name, position, indexOf, landsAt]);
  // The same elements while the list is the same (the outline keeps its ids' identity), so a render of the
  // list for a keystroke does not go through every item's binder.
  const binders = useMemo(() => ids.map((id) => <Binder key={id} id={id} store={store} />), [ids, store]);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const [from, to] = [ids.indexOf(String(active.id)), ids.indexOf(String(over.id))];
    if (from >= 0 && to >= 0) onMove(from, to);
  };
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} modifiers={MODIFIERS} accessibility={accessibility} onDragEnd={onDragEnd}>
      <SortableContext items={ids as string[]} strategy={verticalListSortingStrategy}>
        {binders}
      </SortableContext>
    </DndContext>
  );
}

/** dnd-kit's hook for one item, which renders nothing: the item (Sortable.tsx, useSortableItem) shows what it publishes. */
const Binder = memo(function Binder({ id, store }: { id: string; store: SortableStore }) {
  const { setNodeRef, setActivatorNodeRef, attributes, listeners, transform, transition, isDragging } = useSortable({ id });
  useLayoutEffect(
    () =>
      store.watchNodes(id, ({ item, handle }) => {
        setNodeRef(item);
        setActivatorNodeRef(handle);
      }),
    [store, id, setNodeRef, setActivatorNodeRef],
  );
  // In a layout effect, so a moved item's new transform is on screen in the frame that moved it.
  useLayoutEffect(() => store.publish(id, { attributes, listeners, transform, transition, isDragging }));
  useLayoutEffect(() => () => store.publish(id, undefined), [store, id]);
  return null;
});
