/** A collection's entries (posts, tags…), each by its label field and slug; opening one is a client-side switch, like pages. */
import { HEX_COLOUR } from '../../engine/schema/primitives';
import { memo } from 'react';
import { collectionRegistry } from '../../collections/registry';
import { isDirty, type Docs } from '../lib/model';
import { entriesOf, entryLabel, entryRoute, entrySlugOf, type EntryCollection } from '../lib/entries';
import { RouteLink, RowStatusLine, rowStatus, type RowStatus } from './PageTree';


/** What a row shows, and nothing else: the list renders again only when a row changes, not on every keystroke. */
export interface EntryRow {
  route: string;
  slug: string;
  label: string;
  accent?: string;
  isDirty: boolean;
  /** "Draft" or "Scheduled for …"; absent when published. */
  status?: RowStatus;
}

export function entryRows(docs: Docs, collection: EntryCollection, now = new Date()): EntryRow[] {
  return entriesOf(docs, collection).map((doc) => {
    const accent = (doc.data as { accent?: unknown } | undefined)?.accent;
    const status = rowStatus(doc.data, now);
    return { route: entryRoute(collection, entrySlugOf(doc)), slug: entrySlugOf(doc), label: entryLabel(doc), accent: typeof accent === 'string' && HEX_COLOUR.test(accent) ? accent : undefined, isDirty: isDirty(doc), ...(status && { status }) };
  });
}

interface Props {
  rows: readonly EntryRow[];
  collection: EntryCollection;
  /** The open route (`~posts/<slug>` for an entry). */
  currentRoute: string | null;
  onOpen(route: string): void;
  onNew(collection: EntryCollection): void;
}

export const CollectionTree = memo(function CollectionTree({ rows, collection, currentRoute, onOpen, onNew }: Props) {
  const definition = collectionRegistry.get(collection);
  const title = definition?.label ?? collection;
  const add = `New ${definition?.singular ?? 'entry'}`;
  return (
    <nav className="panel collection-tree" aria-label={title}>
      <div className="panel-head">
        <h2>{title}</h2>
        <button type="button" className="btn btn-small" onClick={() => onNew(collection)}>
          {add}
        </button>
      </div>
      {rows.length === 0 ? (
        <p className="empty-note">No {title.toLowerCase()} yet.</p>
      ) : (
        <ul>
          {rows.map((row) => (
            <li key={row.route}>
              <RouteLink route={row.route} current={currentRoute} isDirty={row.isDirty} onOpen={onOpen}>
                <span className="page-link-title">
                  {row.accent !== undefined && <span className="relation-dot" aria-hidden="true" style={{ background: row.accent, display: 'inline-block', marginRight: 6 }} />}
                  {row.label}
                </span>
                <span className="page-link-slug">{row.slug}</span>
                {row.status && <RowStatusLine status={row.status} />}
              </RouteLink>
            </li>
          ))}
        </ul>
      )}
    </nav>
  );
});
