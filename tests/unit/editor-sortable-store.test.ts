import { describe, expect, it } from 'vitest';
import { createSortableStore, sameDrag, type ItemDrag } from '../../src/editor/app/sortable-store';

const attributes = { role: 'button', tabIndex: 0, 'aria-disabled': false, 'aria-pressed': undefined, 'aria-roledescription': 'sortable', 'aria-describedby': 'DndDescribedBy-0' };
const listeners = { onPointerDown: () => undefined, onKeyDown: () => undefined };
const still: ItemDrag = { attributes, listeners, transform: null, transition: undefined, isDragging: false };
/** Stands in for an element: the store only keeps and hands on what it is given. */
const node = (name: string) => ({ name }) as unknown as HTMLElement;

describe('sortable store', () => {
  it('an item waits (no drag state) until dnd-kit publishes one, and goes back to waiting when it is withdrawn', () => {
    const store = createSortableStore();
    expect(store.drag('a')).toBeUndefined();
    store.publish('a', still);
    expect(store.drag('a')).toBe(still);
    store.publish('a', undefined);
    expect(store.drag('a')).toBeUndefined();
  });

  it("tells an item's subscribers only when what the item shows changed", () => {
    const store = createSortableStore();
    const told: string[] = [];
    const stop = store.subscribe('a', () => told.push('a'));
    store.subscribe('b', () => told.push('b'));
    store.publish('a', still);
    store.publish('a', { ...still, transform: null });
    store.publish('a', { ...still, transform: { x: 0, y: 12, scaleX: 1, scaleY: 1 } });
    store.publish('a', { ...still, transform: { x: 0, y: 12, scaleX: 1, scaleY: 1 } });
    expect(told).toEqual(['a', 'a']);
    stop();
    store.publish('a', still);
    expect(told).toEqual(['a', 'a']);
  });

  it('compares drag states by what they show', () => {
    expect(sameDrag(undefined, undefined)).toBe(true);
    expect(sameDrag(still, undefined)).toBe(false);
    expect(sameDrag(still, { ...still })).toBe(true);
    expect(sameDrag(still, { ...still, isDragging: true })).toBe(false);
    expect(sameDrag(still, { ...still, transition: 'transform 250ms ease' })).toBe(false);
    expect(sameDrag(still, { ...still, listeners: { ...listeners } })).toBe(false);
    expect(sameDrag(still, { ...still, attributes: { ...attributes, 'aria-pressed': true } })).toBe(false);
  });

  it("gives dnd-kit's side an item's nodes now and at each change, until it stops watching", () => {
    const store = createSortableStore();
    store.setNode('a', 'item', node('li'));
    const seen: unknown[] = [];
    const stop = store.watchNodes('a', (nodes) => seen.push({ ...nodes }));
    store.setNode('a', 'handle', node('button'));
    store.setNode('a', 'item', null);
    stop();
    store.setNode('a', 'handle', null);
    expect(seen).toEqual([
      { item: node('li'), handle: null },
      { item: node('li'), handle: node('button') },
      { item: null, handle: node('button') },
    ]);
    expect(store.nodes('a')).toEqual({ item: null, handle: null });
  });

  it('holds the latest press made before dnd-kit arrived, for its own item, once', () => {
    const store = createSortableStore();
    store.hold('a', { kind: 'key', init: { key: ' ', code: 'Space' } });
    store.hold('b', { kind: 'key', init: { key: 'Enter', code: 'Enter' } });
    expect(store.takeHeld('a')).toBeUndefined();
    expect(store.takeHeld('b')).toEqual({ kind: 'key', init: { key: 'Enter', code: 'Enter' } });
    expect(store.takeHeld('b')).toBeUndefined();
  });

  it('forgets a pointer press once the pointer is released, but not a key press', () => {
    const store = createSortableStore();
    store.hold('a', { kind: 'pointer', init: { clientX: 10, clientY: 20 } });
    store.releasePointer();
    expect(store.takeHeld('a')).toBeUndefined();
    store.hold('a', { kind: 'key', init: { key: ' ', code: 'Space' } });
    store.releasePointer();
    expect(store.takeHeld('a')).toEqual({ kind: 'key', init: { key: ' ', code: 'Space' } });
  });

  it('forgets a key press once the focus leaves its handle, but not a pointer press (a review: coming back later picked the item up)', () => {
    const store = createSortableStore();
    store.hold('a', { kind: 'key', init: { key: ' ', code: 'Space' } });
    store.releaseKey();
    expect(store.takeHeld('a')).toBeUndefined();
    store.hold('a', { kind: 'pointer', init: { clientX: 10, clientY: 20 } });
    store.releaseKey();
    expect(store.takeHeld('a')).toEqual({ kind: 'pointer', init: { clientX: 10, clientY: 20 } });
  });

  it('says whether a press waits, and tells its notice to subscribers only when it changes', () => {
    const store = createSortableStore();
    const heard: string[] = [];
    const stop = store.subscribeNotice(() => heard.push(store.notice()));
    expect(store.isHolding()).toBe(false);
    store.hold('a', { kind: 'key', init: { key: ' ', code: 'Space' } });
    expect(store.isHolding()).toBe(true);
    store.say('Getting ready');
    store.say('Getting ready');
    store.takeHeld('a');
    expect(store.isHolding()).toBe(false);
    store.say('');
    stop();
    store.say('unheard');
    expect(heard).toEqual(['Getting ready', '']);
  });
});
