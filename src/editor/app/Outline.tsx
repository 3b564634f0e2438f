/** The page's sections in order: type label, id, shared and error markers. */
import { sectionRegistry } from '../../sections/registry';
import type { OutlineEntry } from '../lib/model';

interface Props {
  entries: OutlineEntry[];
  selected: number | null;
  issueCounts: number[];
  onSelect(index: number): void;
  onMove(from: number, to: number): void;
  onAdd(): void;
}

export function Outline({ entries, selected, issueCounts, onSelect, onMove, onAdd }: Props) {
  return (
    <section className="panel outline" aria-labelledby="outline-title">
      <div className="panel-head">
        <h2 id="outline-title">Sections</h2>
        <button type="button" className="btn btn-small btn-primary-soft" onClick={onAdd}>
          Add section
        </button>
      </div>
      <p className="visually-hidden" id="outline-help">
        Alt plus arrow up or down moves the focused section.
      </p>
      <ol className="outline-list" aria-describedby="outline-help">
        {entries.map((entry) => {
          const label = sectionRegistry.get(entry.type)?.label ?? entry.type;
          const issues = issueCounts[entry.index] ?? 0;
          return (
            <li key={`${entry.index}-${entry.id}`}>
              <button
                type="button"
                className="outline-item"
                aria-current={selected === entry.index ? 'true' : undefined}
                data-section-index={entry.index}
                onClick={() => onSelect(entry.index)}
                onKeyDown={(event) => {
                  if (!event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
                  event.preventDefault();
                  onMove(entry.index, entry.index + (event.key === 'ArrowUp' ? -1 : 1));
                }}
              >
                <span className="outline-index" aria-hidden="true">
                  {entry.index + 1}
                </span>
                <span className="outline-text">
                  <span className="outline-label">{label}</span>
                  <span className="outline-id">{entry.id}</span>
                </span>
                {entry.shared && <span className={`badge ${'broken' in entry.shared ? 'badge-error' : 'badge-shared'}`}>{'broken' in entry.shared ? 'Broken link' : 'Shared'}</span>}
                {issues > 0 && (
                  <span className="badge badge-error" aria-label={`${issues} problem${issues === 1 ? '' : 's'}`}>
                    {issues}
                  </span>
                )}
              </button>
            </li>
          );
        })}
      </ol>
      {entries.length === 0 && <p className="empty-note">This page has no sections yet.</p>}
    </section>
  );
}
