/**
 * Drag-and-drop reordering of a vertical list, on dnd-kit, shared by the
 * outline and array fields. Items move by dragging their handle, or from the
 * keyboard: Space or Enter on the handle picks the item up, the arrow keys move
 * it, Space or Enter drops it and Escape cancels. Every step is announced.
 *
 * dnd-kit (about 14 KB gzip) is not in the editor's first load: it is fetched once the browser is
 * idle after the first list renders, or sooner when a handle gets the focus or the pointer, and
 * until it arrives the items render without it (SortableDnd.tsx, sortable-store.ts). A press on a
 * handle before then is held and given to dnd-kit when it arrives, so that drag still begins.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, useSyncExternalStore, type CSSProperties, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { moveItem } from '../lib/model';
import { createSortableStore, type SortableStore } from './sortable-store';
import { whenIdle } from './when-idle';

type DndModule = typeof import('./SortableDnd');

let dnd: DndModule | undefined;
let loading = false;
const loadedListeners = new Set<() => void>();
const failedListeners = new Set<() => void>();

/** Fetches dnd-kit's half, once; a failed fetch (a dropped connection) is tried again at the next press or focus on a handle. */
function loadDnd(): void {
  if (dnd || loading) return;
  loading = true;
  import('./SortableDnd').then(
    (module) => {
      dnd = module;
      for (const listener of loadedListeners) listener();
    },
    () => {
      for (const listener of failedListeners) listener();
    },
  ).finally(() => (loading = false));
}

/** Said while a press on a handle waits for dnd-kit, and when dnd-kit could not be fetched. */
export const WAITING_NOTICE = 'Getting ready to move the item…';
export const FAILED_NOTICE = 'The item cannot be moved by its handle right now: part of the editor did not load. Check the connection, then press the handle again, or use the Move up and Move down buttons.';

const onDndLoaded = (listener: () => void) => {
  loadedListeners.add(listener);
  return () => void loadedListeners.delete(listener);
};
const useDnd = () => useSyncExternalStore(onDndLoaded, () => dnd, () => undefined);

const ListStore = createContext<SortableStore | null>(null);

interface ListProps {
  /** One unique, stable id per item, in order. */
  ids: readonly string[];
  /** How announcements name the item at an index: "Hero (hero-1)". */
  describe(index: number): string;
  /** Where an item moved from `from` onto the item at `to` lands, when not there (the outline keeps its header and footer pinned). */
  landing?(from: number, to: number): number;
  onMove(from: number, to: number): void;
  children: ReactNode;
}

export function SortableList({ ids, describe, landing, onMove, children }: ListProps) {
  const [store] = useState(createSortableStore);
  const module = useDnd();
  const notice = useSyncExternalStore(store.subscribeNotice, store.notice, store.notice);
  useEffect(() => (dnd ? undefined : whenIdle(loadDnd, { timeout: 3000, fallback: 1000 })), []);
  useEffect(() => {
    failedListeners.add(onFailure);
    return () => void failedListeners.delete(onFailure);
    // A press that waited for nothing is let go, and said so: silence would leave a keyboard user guessing.
    function onFailure() {
      if (!store.isHolding()) return;
      store.releasePointer();
      store.releaseKey();
      store.say(FAILED_NOTICE);
    }
  }, [store]);
  // dnd-kit's part comes after the items, never around them: its arrival does not remount them.
  return (
    <ListStore.Provider value={store}>
      <div className="visually-hidden" aria-live="assertive" data-sortable-notice="">
        {notice}
      </div>
      {children}
      {module && <module.SortableDnd store={store} ids={ids} describe={describe} landing={landing} onMove={onMove} />}
    </ListStore.Provider>
  );
}

/** The handle's attributes until dnd-kit arrives: its own, but for the instructions it adds (the handle's title says as much). */
const WAITING_ATTRIBUTES = { role: 'button', tabIndex: 0, 'aria-disabled': false, 'aria-roledescription': 'sortable' };

/** The handle's listeners until dnd-kit arrives: the pointer or the focus on it fetches dnd-kit, and a press is held for it. */
function waitingListeners(store: SortableStore, id: string) {
  return {
    onFocus: loadDnd,
    onBlur() {
      store.releaseKey();
      if (!store.isHolding()) store.say('');
    },
    onPointerEnter: loadDnd,
    onPointerDown(event: PointerEvent) {
      if (!event.isPrimary || event.button !== 0) return;
      const { clientX, clientY, screenX, screenY, pointerId, pointerType } = event;
      store.hold(id, { kind: 'pointer', init: { clientX, clientY, screenX, screenY, pointerId, pointerType, isPrimary: true, button: 0, buttons: 1 } });
      const released = new AbortController();
      const release = () => {
        store.releasePointer();
        released.abort();
      };
      window.addEventListener('pointerup', release, { capture: true, signal: released.signal });
      window.addEventListener('pointercancel', release, { capture: true, signal: released.signal });
      loadDnd();
    },
    onKeyDown(event: KeyboardEvent) {
      // The keys that pick an item up (dnd-kit's KeyboardSensor).
      if (event.code !== 'Space' && event.code !== 'Enter') return;
      event.preventDefault();
      store.hold(id, { kind: 'key', init: { key: event.key, code: event.code } });
      store.say(WAITING_NOTICE);
      loadDnd();
    },
  };
}

/** Gives dnd-kit the press held for this item, now that its listeners are on the handle. */
function replayHeld(store: SortableStore, id: string) {
  const press = store.takeHeld(id);
  const { handle } = store.nodes(id);
  if (press) store.say('');
  if (!press || !handle) return;
  // A key pressed on a handle the focus has since left would pick up an item the person is no longer on.
  if (press.kind === 'key' && document.activeElement !== handle) return;
  const init = { ...press.init, bubbles: true, cancelable: true };
  handle.dispatchEvent(press.kind === 'key' ? new window.KeyboardEvent('keydown', init) : new window.PointerEvent('pointerdown', init));
}

/** What a list item needs: a ref and style for the item, and the props of its drag handle. */
export function useSortableItem(id: string) {
  const store = useContext(ListStore);
  if (!store) throw new Error('useSortableItem is for the items of a SortableList.');
  const drag = useSyncExternalStore(
    useCallback((listener: () => void) => store.subscribe(id, listener), [store, id]),
    () => store.drag(id),
    () => undefined,
  );
  const ref = useCallback((node: HTMLElement | null) => store.setNode(id, 'item', node), [store, id]);
  const handleRef = useCallback((node: HTMLElement | null) => store.setNode(id, 'handle', node), [store, id]);
  const waiting = useMemo(() => waitingListeners(store, id), [store, id]);
  const live = drag !== undefined;
  useEffect(() => {
    if (live) replayHeld(store, id);
  }, [live, store, id]);
  const transform = drag?.transform;
  const style: CSSProperties = {
    transform: transform ? `translate3d(0, ${Math.round(transform.y)}px, 0)` : undefined,
    transition: drag?.transition,
    position: 'relative',
    zIndex: drag?.isDragging ? 2 : undefined,
  };
  const isDragging = drag?.isDragging ?? false;
  return { ref, style, isDragging, handle: { ...(drag ? drag.attributes : WAITING_ATTRIBUTES), ...(drag ? drag.listeners : waiting), ref: handleRef } };
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
