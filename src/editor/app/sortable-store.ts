/**
 * What joins a sortable list's items to dnd-kit, which loads after the editor's first render
 * (Sortable.tsx). dnd-kit's hook for an item runs apart from the item (SortableDnd.tsx), so the
 * item's DOM and focus stay as they were when dnd-kit arrives: that hook publishes here what the
 * item shows (its drag state, its handle's attributes and listeners), the item publishes its DOM
 * nodes for the hook to measure, and a drag begun before dnd-kit arrived is held here until it can
 * start. One store per list; nothing here touches the DOM, so it is unit-tested in Node.
 */
import type { DraggableAttributes, DraggableSyntheticListeners } from '@dnd-kit/core';
import type { Transform } from '@dnd-kit/utilities';

/** What dnd-kit says of one item: it replaces the item's waiting state once dnd-kit has loaded. */
export interface ItemDrag {
  attributes: DraggableAttributes;
  /** The handle's pointer and key listeners; none while dragging is disabled. */
  listeners: DraggableSyntheticListeners;
  transform: Transform | null;
  transition: string | undefined;
  isDragging: boolean;
}

/** The press that began a drag before dnd-kit arrived, dispatched again once it has. */
export type HeldPress = { kind: 'key'; init: KeyboardEventInit } | { kind: 'pointer'; init: PointerEventInit };

interface ItemNodes {
  item: HTMLElement | null;
  handle: HTMLElement | null;
}

type NodesWatcher = (nodes: ItemNodes) => void;

const NO_NODES: ItemNodes = { item: null, handle: null };

const sameTransform = (a: ItemDrag['transform'], b: ItemDrag['transform']) =>
  a === b || (a !== null && b !== null && a.x === b.x && a.y === b.y && a.scaleX === b.scaleX && a.scaleY === b.scaleY);

/** Whether an item would show the same: dnd-kit keeps its attributes' and listeners' identity while they are the same. */
export function sameDrag(a: ItemDrag | undefined, b: ItemDrag | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return a.attributes === b.attributes && a.listeners === b.listeners && a.transition === b.transition && a.isDragging === b.isDragging && sameTransform(a.transform, b.transform);
}

export type SortableStore = ReturnType<typeof createSortableStore>;

export function createSortableStore() {
  const drags = new Map<string, ItemDrag>();
  const subscribers = new Map<string, Set<() => void>>();
  const nodes = new Map<string, ItemNodes>();
  const watchers = new Map<string, NodesWatcher>();
  let held: { id: string; press: HeldPress } | null = null;
  let notice = '';
  const noticeListeners = new Set<() => void>();

  return {
    /** dnd-kit's state of the item; undefined until dnd-kit has loaded (the item waits). */
    drag: (id: string): ItemDrag | undefined => drags.get(id),

    /** Called by dnd-kit's side at each of its renders; the item renders again only when what it shows changed. */
    publish(id: string, drag: ItemDrag | undefined): void {
      if (sameDrag(drags.get(id), drag)) return;
      if (drag) drags.set(id, drag);
      else drags.delete(id);
      for (const listener of subscribers.get(id) ?? []) listener();
    },

    subscribe(id: string, listener: () => void): () => void {
      const set = subscribers.get(id) ?? new Set();
      subscribers.set(id, set.add(listener));
      return () => {
        set.delete(listener);
        if (set.size === 0 && subscribers.get(id) === set) subscribers.delete(id);
      };
    },

    nodes: (id: string): ItemNodes => nodes.get(id) ?? NO_NODES,

    /** The item's element or its drag handle, attached (or detached: null); dnd-kit's side is told. */
    setNode(id: string, part: keyof ItemNodes, node: HTMLElement | null): void {
      const next = { ...(nodes.get(id) ?? NO_NODES), [part]: node };
      if (next.item === null && next.handle === null) nodes.delete(id);
      else nodes.set(id, next);
      watchers.get(id)?.(next);
    },

    /** dnd-kit's side of one item follows its nodes: told them now, and at each change until the returned function is called. */
    watchNodes(id: string, watcher: NodesWatcher): () => void {
      watchers.set(id, watcher);
      watcher(nodes.get(id) ?? NO_NODES);
      return () => {
        if (watchers.get(id) === watcher) watchers.delete(id);
      };
    },

    /** A press on a handle before dnd-kit arrived: the latest one is kept. */
    hold(id: string, press: HeldPress): void {
      held = { id, press };
    },

    /** The pointer was released before dnd-kit arrived: that drag never began. */
    releasePointer(): void {
      if (held?.press.kind === 'pointer') held = null;
    },
    /** A key held for a handle the focus has left: coming back to it later must not pick the item up. */
    releaseKey(): void {
      if (held?.press.kind === 'key') held = null;
    },

    /** Whether a press waits for dnd-kit. */
    isHolding: (): boolean => held !== null,

    /**
     * What the list says to screen readers while no drag is under way: that a press waits for
     * dnd-kit, or that it could not arrive. dnd-kit announces everything from the pick-up on.
     */
    notice: (): string => notice,
    say(text: string): void {
      if (text === notice) return;
      notice = text;
      for (const listener of noticeListeners) listener();
    },
    subscribeNotice(listener: () => void): () => void {
      noticeListeners.add(listener);
      return () => void noticeListeners.delete(listener);
    },

    /** The press held for this item, once. */
    takeHeld(id: string): HeldPress | undefined {
      if (held?.id !== id) return undefined;
      const { press } = held;
      held = null;
      return press;
    },
  };
}
