/**
 * Pages and each registered collection (posts, tags…) as tabs, so the open page's outline below keeps
 * most of the sidebar. The tab follows what is open: an entry opens the tab of
 * its collection, a page the pages tab.
 */
import { memo, useEffect, useRef, useState, type JSX, type KeyboardEvent } from 'react';
import { searchRows } from '../lib/page-search';
import { collectionDefinitions } from '../../collections/registry';
import { CollectionTree, type EntryRow } from './CollectionTree';
import { PageTree, type PageRow } from './PageTree';
import { useHiddenDirtyTabs } from './hooks/useHiddenDirtyTabs';

/** `pages`, or a collection's name. */
export type ContentTab = string;

const LABELS: Record<ContentTab, string> = { pages: 'Pages', ...Object.fromEntries(collectionDefinitions.map((definition) => [definition.name, definition.label])) };
const ORDER: ContentTab[] = ['pages', ...collectionDefinitions.map((definition) => definition.name)];

/** Room left beside a tab scrolled into view: the width of the row's edge shadow (styles/lists.css). */
const EDGE = 28;

/**
 * Scrolls the row of tabs (it scrolls sideways once a site's collections outgrow the sidebar) so
 * `tab` shows whole. The row alone: scrollIntoView would also scroll the sidebar and the editor around it.
 */
function keepInView(row: HTMLElement, tab: HTMLElement) {
  const shown = row.getBoundingClientRect();
  const at = tab.getBoundingClientRect();
  if (at.left < shown.left + EDGE) row.scrollLeft -= shown.left + EDGE - at.left;
  else if (at.right > shown.right - EDGE) row.scrollLeft += at.right - (shown.right - EDGE);
}

interface Props {
  /** The tab of what is open now. */
  current: ContentTab;
  pages: readonly PageRow[];
  /** Each collection's rows, by its name. */
  entries: Readonly<Record<string, readonly EntryRow[]>>;
  /** The open route: a page slug, or `~<collection>/<slug>`. */
  route: string | null;
  onOpen(route: string): void;
  onNewPage(): void;
  onNewEntry(collection: string): void;
}

/** Rows that keep their identity while unchanged (see useStableValue), so typing does not render the lists. */
export const ContentNav = memo(function ContentNav({ current, pages, entries, route, onOpen, onNewPage, onNewEntry }: Props) {
  const rows: Record<string, readonly { isDirty: boolean }[]> = { pages, ...entries };
  const [tab, setTab] = useState<ContentTab>(current);
  const [query, setQuery] = useState('');
  const foundPages = searchRows(pages, query, (row) => [row.title, row.slug]);
  const found: Record<string, readonly unknown[]> = { pages: foundPages };
  const panels: Record<string, JSX.Element> = { pages: <PageTree rows={foundPages} currentSlug={route} onOpen={onOpen} onNewPage={onNewPage} /> };
  for (const definition of collectionDefinitions) {
    const matching = searchRows(entries[definition.name] ?? [], query, (row) => [row.label, row.slug]);
    found[definition.name] = matching;
    panels[definition.name] = <CollectionTree rows={matching} collection={definition.name} currentRoute={route} onOpen={onOpen} onNew={onNewEntry} />;
  }
  useEffect(() => setTab(current), [current]);
  const tabs = useRef<Partial<Record<ContentTab, HTMLButtonElement | null>>>({});
  const row = useRef<HTMLDivElement>(null);
  const dirtyTabs = ORDER.filter((name) => rows[name].some((entry) => entry.isDirty));
  // Whatever selected it (a click, the arrow keys, opening an entry of a collection far along the row),
  // and again when a dot comes or goes: the selected tab at the row's end grew by its dot, out of sight.
  useEffect(() => {
    const selected = tabs.current[tab];
    if (row.current && selected) keepInView(row.current, selected);
  }, [tab, dirtyTabs.join('\n')]);
  // A tab's dot is all that says it has unsaved changes: one scrolled out of sight marks its edge of the row.
  const { hidden, measure } = useHiddenDirtyTabs(row, tabs, dirtyTabs);
  const reveal = (name: ContentTab) => {
    const target = tabs.current[name];
    if (row.current && target) keepInView(row.current, target);
  };

  // The ARIA tabs pattern: arrow keys, Home and End move between tabs, and selecting follows focus.
  const onKeyDown = (event: KeyboardEvent) => {
    const at = ORDER.indexOf(tab);
    const next =
      event.key === 'ArrowRight' ? ORDER[(at + 1) % ORDER.length]
      : event.key === 'ArrowLeft' ? ORDER[(at + ORDER.length - 1) % ORDER.length]
      : event.key === 'Home' ? ORDER[0]
      : event.key === 'End' ? ORDER[ORDER.length - 1]
      : undefined;
    if (!next) return;
    event.preventDefault();
    setTab(next);
    // The effect above scrolls the row; the browser's own scroll on focus would move the sidebar too.
    tabs.current[next]?.focus({ preventScroll: true });
  };

  return (
    <div className="content-nav">
      <div className="content-tabs-frame">
        <div ref={row} className="content-tabs" role="tablist" aria-label="Content" onKeyDown={onKeyDown} onScroll={measure}>
          {ORDER.map((name) => (
            <button
              key={name}
              ref={(node) => {
                tabs.current[name] = node;
              }}
              type="button"
              role="tab"
              id={`content-tab-${name}`}
              aria-controls={`content-panel-${name}`}
              aria-selected={tab === name}
              tabIndex={tab === name ? 0 : -1}
              className="content-tab"
              onClick={() => setTab(name)}
            >
              {LABELS[name]}
              <span className="count">
                {rows[name].length}
                {/* A hidden list must not hide unsaved changes. On the count's corner, so it takes no room of the row (styles/lists.css). */}
                {rows[name].some((row) => row.isDirty) && <span className="dirty-dot" title="Unsaved changes" aria-label="Unsaved changes" />}
              </span>
            </button>
          ))}
        </div>
        {(['start', 'end'] as const).map((edge) => {
          const name = hidden[edge];
          // For the eye and the mouse: a screen reader hears "Unsaved changes" in the tab's own name, and the arrow keys bring it into view.
          return name === null ? null : (
            <span key={edge} className={`content-tabs-unsaved at-${edge}`} title={`Unsaved changes in ${LABELS[name]}`} aria-hidden="true" onClick={() => reveal(name)}>
              <span className="dirty-dot" />
              <span className="content-tabs-unsaved-arrow">{edge === 'end' ? '›' : '‹'}</span>
            </span>
          );
        })}
      </div>
      <div className="content-search">
        <label className="visually-hidden" htmlFor="content-search">
          Search {LABELS[tab].toLowerCase()}
        </label>
        <input id="content-search" className="input input-search" type="search" placeholder={`Search ${LABELS[tab].toLowerCase()}`} value={query} onChange={(event) => setQuery(event.target.value)} />
        {query.trim() && (
          <p className="content-search-count" role="status">
            {found[tab].length} of {rows[tab].length}
          </p>
        )}
      </div>
      {ORDER.map((name) => (
        <div key={name} role="tabpanel" id={`content-panel-${name}`} aria-labelledby={`content-tab-${name}`} className="content-panel" hidden={tab !== name}>
          {panels[name]}
          {query.trim() && found[name].length === 0 && <p className="empty-note">Nothing matches “{query.trim()}”.</p>}
        </div>
      ))}
    </div>
  );
});
