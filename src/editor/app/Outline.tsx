/**
 * The page's sections in order: type label, what each says (its title, else its id), shared and
 * error markers; reordered by dragging or from the keyboard.
 */
import { memo, useEffect, useState } from 'react';
import { sectionRegistry } from '../../sections/registry';
import type { OutlineEntry } from '../lib/model';
import { sectionSummary, type MarkdownSummary } from '../lib/section-forms';
import { movedWithinEnds, pinnedAt, sectionEnds } from '../lib/section-order';
import { DragHandle, SortableList, useSortableItem } from './Sortable';
import { useStableValue } from './useStableCallback';
import { whenIdle } from './when-idle';

interface Props {
  entries: OutlineEntry[];
  selected: number | null;
  issueCounts: readonly number[];
  /** The callbacks must keep their identity across renders, or every edit re-renders the outline. */
  onSelect(index: number): void;
  /** `focusRow` false: the move was a drag, whose handle keeps the focus. */
  onMove(from: number, to: number, focusRow?: boolean): void;
  onAdd(): void;
}

type Shared = 'shared' | 'broken' | undefined;
const sharedOf = (entry: OutlineEntry): Shared => (entry.shared ? ('broken' in entry.shared ? 'broken' : 'shared') : undefined);

/** Whether two entries show the same row: a change inside a section's content does not change its row. */
const labelOf = (type: string) => sectionRegistry.get(type)?.label ?? type;

/** Drag ids: section ids, made unique where a page repeats one (it cannot be saved so, but it can be edited). */
function dragIds(entries: OutlineEntry[]): string[] {
  const seen = new Set<string>();
  return entries.map((entry) => {
    const id = seen.has(entry.id) ? `${entry.id}~${entry.index}` : entry.id;
    seen.add(id);
    return id;
  });
}

const sameRow = (a: OutlineEntry, b: OutlineEntry) =>
  a === b || (a.index === b.index && a.id === b.id && a.type === b.type && sharedOf(a) === sharedOf(b) && (a.section === b.section || sectionSummary(a.section, loadedMarkdownSummary) === sectionSummary(b.section, loadedMarkdownSummary)));

/**
 * What a section that shows the page's own post or tag says, when it says nothing itself (a post's
 * title and text are the post's): its type's description ("The post itself: …"), not its id.
 */
const shownEntryName = (type: string) => {
  const definition = sectionRegistry.get(type);
  return definition?.template ? definition.description : undefined;
};

/** The row's second line: what the section says, else what it shows, else its id, so two sections of one type can be told apart. */
const nameOf = (entry: OutlineEntry, markdownSummary?: MarkdownSummary) => sectionSummary(entry.section, markdownSummary) ?? shownEntryName(entry.type) ?? entry.id;

/**
 * A section that says nothing but Markdown (a Rich text) is named by its text's opening words.
 * The Markdown parser is in the formatted-text field's chunk, kept out of the editor's first load:
 * the outline asks for it in idle time when a row needs it, and shows the id until it arrives.
 */
let loadedMarkdownSummary: MarkdownSummary | undefined;

function useMarkdownSummary(entries: OutlineEntry[]): MarkdownSummary | undefined {
  const [summary, setSummary] = useState(() => loadedMarkdownSummary);
  const wanted = !summary && entries.some((entry) => sectionSummary(entry.section) === undefined && entry.section !== undefined);
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    const load = () =>
      import('../lib/rich-text/markdown').then(({ markdownSummary }) => {
        loadedMarkdownSummary = markdownSummary;
        if (live) setSummary(() => markdownSummary);
      }, () => {});
    const cancel = whenIdle(load, { timeout: 2000, fallback: 200 });
    return () => {
      live = false;
      cancel();
    };
  }, [wanted]);
  return summary;
}

/**
 * Every edit makes new entries and counts, but most edits change no row:
 * comparing rows costs far less than rendering a list of a few hundred.
 */
function sameOutline(a: Props, b: Props): boolean {
  return (
    a.selected === b.selected &&
    a.onSelect === b.onSelect &&
    a.onMove === b.onMove &&
    a.onAdd === b.onAdd &&
    a.entries.length === b.entries.length &&
    a.entries.every((entry, i) => sameRow(entry, b.entries[i]!) && (a.issueCounts[entry.index] ?? 0) === (b.issueCounts[entry.index] ?? 0))
  );
}

export const Outline = memo(function Outline({ entries, selected, issueCounts, onSelect, onMove, onAdd }: Props) {
  // The same array while the order is, so the rows' drag context does not change on selection.
  const ids = useStableValue(dragIds(entries));
  const ends = sectionEnds(entries);
  const markdownSummary = useMarkdownSummary(entries);
  return (
    <section className="panel outline" aria-labelledby="outline-title">
      <div className="panel-head">
        <h2 id="outline-title">Sections</h2>
        <button type="button" className="btn btn-small btn-primary-soft" onClick={onAdd}>
          Add section
        </button>
      </div>
      <p className="visually-hidden" id="outline-help">
        Alt plus arrow up or down moves the focused section. Each section also has a drag handle.
      </p>
      <SortableList
        ids={ids}
        describe={(index) => (entries[index] ? `${labelOf(entries[index].type)} “${nameOf(entries[index], markdownSummary)}”` : '')}
        // A section lands no further than next to the header or footer (moveSection): announced where it lands.
        landing={(_from, to) => movedWithinEnds(ends, to)}
        onMove={(from, to) => onMove(from, to, false)}
      >
        <ol className="outline-list" aria-describedby="outline-help">
          {entries.map((entry, i) => (
            <OutlineItem
              key={ids[i]}
              dragId={ids[i]!}
              index={entry.index}
              id={entry.id}
              name={nameOf(entry, markdownSummary)}
              type={entry.type}
              shared={sharedOf(entry)}
              pinned={pinnedAt(ends, i) !== undefined}
              isSelected={selected === entry.index}
              issues={issueCounts[entry.index] ?? 0}
              onSelect={onSelect}
              onMove={onMove}
            />
          ))}
        </ol>
      </SortableList>
      {entries.length === 0 && <p className="empty-note">This page has no sections yet.</p>}
    </section>
  );
}, sameOutline);

interface ItemProps {
  dragId: string;
  index: number;
  id: string;
  name: string;
  type: string;
  shared: Shared;
  /** The header or footer, which stays where it is: no drag handle. */
  pinned: boolean;
  isSelected: boolean;
  issues: number;
  onSelect(index: number): void;
  onMove(from: number, to: number): void;
}

/** One row, with only plain values for props, so a re-rendered outline re-renders only the rows that changed. */
const OutlineItem = memo(function OutlineItem({ dragId, index, id, name, type, shared, pinned, isSelected, issues, onSelect, onMove }: ItemProps) {
  const label = labelOf(type);
  const sortable = useSortableItem(dragId);
  return (
    <li ref={sortable.ref} style={sortable.style} className={`outline-row${sortable.isDragging ? ' is-dragging' : ''}`}>
      {pinned ? <span className="drag-handle-space" aria-hidden="true" /> : <DragHandle label={`Drag ${label} “${name}”`} handle={sortable.handle} />}
      <button
        type="button"
        className="outline-item"
        aria-current={isSelected ? 'true' : undefined}
        data-section-index={index}
        data-section-id={id}
        onClick={() => onSelect(index)}
        onKeyDown={(event) => {
          if (!event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
          event.preventDefault();
          onMove(index, index + (event.key === 'ArrowUp' ? -1 : 1));
        }}
      >
        <span className="outline-index" aria-hidden="true">
          {index + 1}
        </span>
        <span className="outline-text">
          <span className="outline-label">{label}</span>
          {/* An id (no words of its own to show) is set as code, words as text. */}
          <span className={name === id ? 'outline-name is-id' : 'outline-name'}>{name}</span>
        </span>
        {shared && <span className={`badge ${shared === 'broken' ? 'badge-error' : 'badge-shared'}`}>{shared === 'broken' ? 'Broken link' : 'Shared'}</span>}
        {issues > 0 && (
          <span className="badge badge-error" aria-label={`${issues} problem${issues === 1 ? '' : 's'}`}>
            {issues}
          </span>
        )}
      </button>
    </li>
  );
});
