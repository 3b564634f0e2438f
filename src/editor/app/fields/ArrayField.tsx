/** A list: sortable items (drag, or the arrow buttons), each removable, and "+ Add" for a new one. */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { isRef } from '../../../engine/schema/refs';
import { listItemName } from '../../lib/form';
import { moveItem } from '../../lib/model';
import { DragHandle, SortableList, useItemKeys, useSortableItem } from '../Sortable';
import { Field } from './Field';
import { FreshScope } from './fresh';
import { initialValue } from './kinds';
import { ObjectChildren } from './ObjectChildren';
import type { WidgetProps } from './types';

export function ArrayField({ spec, value, path, context, error }: WidgetProps) {
  const items = Array.isArray(value) ? value : [];
  const item = spec.item!;
  const itemKeys = useItemKeys(items.length);
  // After "+ Add", focus goes to the new item's first field, as a new section's form gets it.
  const list = useRef<HTMLOListElement>(null);
  const [focusAdded, setFocusAdded] = useState(false);
  // The items added here: their empty fields wait to say "Required" until they are left (./fresh.tsx).
  const [freshKeys, setFreshKeys] = useState<ReadonlySet<string>>(() => new Set());
  useEffect(() => {
    if (!focusAdded) return;
    setFocusAdded(false);
    list.current?.lastElementChild?.querySelector<HTMLElement>('input, textarea, select, [contenteditable="true"]')?.focus();
  }, [focusAdded, items.length]);
  // After ↑, ↓ or Remove from the keyboard, focus stays in the list: the button pressed is gone, or
  // disabled at the end it reached, and the browser had sent focus to the page's body.
  const addButton = useRef<HTMLButtonElement>(null);
  const [focusAfter, setFocusAfter] = useState<{ index: number; prefer: 'up' | 'down' | 'remove' } | null>(null);
  useEffect(() => {
    if (!focusAfter) return;
    setFocusAfter(null);
    const row = list.current?.children[Math.min(focusAfter.index, items.length - 1)];
    const buttons = [...(row?.querySelectorAll<HTMLButtonElement>('.array-item-actions button') ?? [])].filter((button) => !button.disabled);
    const target = buttons.find((button) => button.dataset.action === focusAfter.prefer) ?? buttons[0] ?? addButton.current;
    target?.focus();
  }, [focusAfter, items]);
  const move = (from: number, to: number, focus = false) => {
    itemKeys.move(from, to);
    context.onChange(path, moveItem(items, from, to));
    if (focus) setFocusAfter({ index: to, prefer: to < from ? 'up' : 'down' });
  };
  const remove = (index: number) => {
    itemKeys.remove(index);
    context.onChange(path, items.filter((_, i) => i !== index));
    setFocusAfter({ index, prefer: 'remove' });
  };
  const full = spec.max !== undefined && items.length >= spec.max;
  const itemLabel = listItemName(spec.label, item.label);
  const nameOf = (index: number) => `${itemLabel.toLowerCase()} ${index + 1}`;
  const idsBesides = (index: number) => (key: string) =>
    items.flatMap((other, i) => (i !== index && other && typeof other === 'object' && typeof (other as Record<string, unknown>)[key] === 'string' ? [(other as Record<string, string>)[key]!] : []));
  return (
    <fieldset className="fieldset fieldset-array">
      <legend>
        {spec.label} <span className="count">{items.length}</span>
      </legend>
      {spec.description && <p className="field-hint">{spec.description}</p>}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <SortableList ids={itemKeys.keys} describe={nameOf} onMove={move}>
        <ol className="array-items" ref={list}>
          {items.map((entry, index) => (
            <ArrayItem
              key={itemKeys.keys[index]}
              dragId={itemKeys.keys[index]!}
              name={nameOf(index)}
              title={`${itemLabel} ${index + 1}`}
              actions={<>
                <button type="button" className="btn btn-small" data-action="up" disabled={index === 0} onClick={() => move(index, index - 1, true)} aria-label={`Move ${nameOf(index)} up`}>
                  ↑
                </button>
                <button type="button" className="btn btn-small" data-action="down" disabled={index === items.length - 1} onClick={() => move(index, index + 1, true)} aria-label={`Move ${nameOf(index)} down`}>
                  ↓
                </button>
                <button type="button" className="btn btn-small btn-danger" data-action="remove" onClick={() => remove(index)} aria-label={`Remove ${nameOf(index)}`}>
                  Remove
                </button>
              </>}
            >
              <FreshScope fresh={freshKeys.has(itemKeys.keys[index]!)}>
                {item.kind === 'object' && !isRef(entry) ? (
                  <ObjectChildren spec={{ ...item, label: itemLabel }} record={entry as Record<string, unknown> | undefined} path={[...path, index]} context={context} siblingIds={idsBesides(index)} />
                ) : (
                  <Field spec={{ ...item, label: `${itemLabel} ${index + 1}` }} value={entry} path={[...path, index]} context={context} />
                )}
              </FreshScope>
            </ArrayItem>
          ))}
        </ol>
      </SortableList>
      <button type="button" className="btn btn-small btn-add" ref={addButton} disabled={full} onClick={() => {
          setFreshKeys(new Set(freshKeys).add(itemKeys.nextKey()));
          context.onChange(path, [...items, initialValue({ ...item, label: itemLabel }, items)]);
          setFocusAdded(true);
        }}>
        + Add {itemLabel.toLowerCase()}
      </button>
      {full && <p className="field-hint">At most {spec.max}.</p>}
    </fieldset>
  );
}

/** One item of an array field: its head (a drag handle, the title and actions), then its fields. */
function ArrayItem({ dragId, name, title, actions, children }: { dragId: string; name: string; title: string; actions: ReactNode; children: ReactNode }) {
  const sortable = useSortableItem(dragId);
  return (
    <li ref={sortable.ref} style={sortable.style} className={`array-item${sortable.isDragging ? ' is-dragging' : ''}`}>
      <div className="array-item-head">
        <DragHandle label={`Drag ${name}`} handle={sortable.handle} />
        <span className="array-item-title">{title}</span>
        <span className="array-item-actions">{actions}</span>
      </div>
      {children}
    </li>
  );
}
