/** The posts and the tags, each entry by title (or name) and slug; opening one is a client-side switch, like pages. */
import { entriesOf, entryLabel, entryRoute, entrySlugOf, isDirty, type Docs, type EntryCollection } from '../lib/model';

const HEADINGS: Record<EntryCollection, { title: string; add: string }> = {
  posts: { title: 'Posts', add: 'New post' },
  tags: { title: 'Tags', add: 'New tag' },
};

interface Props {
  docs: Docs;
  collection: EntryCollection;
  /** The open route (`~posts/<slug>` for an entry). */
  currentRoute: string | null;
  onOpen(route: string): void;
  onNew(): void;
}

export function CollectionTree({ docs, collection, currentRoute, onOpen, onNew }: Props) {
  const { title, add } = HEADINGS[collection];
  const entries = entriesOf(docs, collection);
  return (
    <nav className="panel collection-tree" aria-label={title}>
      <div className="panel-head">
        <h2>{title}</h2>
        <button type="button" className="btn btn-small" onClick={onNew}>
          {add}
        </button>
      </div>
      {entries.length === 0 ? (
        <p className="empty-note">No {title.toLowerCase()} yet.</p>
      ) : (
        <ul>
          {entries.map((doc) => {
            const route = entryRoute(collection, entrySlugOf(doc));
            const accent = (doc.data as { accent?: unknown } | undefined)?.accent;
            return (
              <li key={doc.file}>
                <a
                  href={`/editor/${route}`}
                  className="page-link"
                  aria-current={route === currentRoute ? 'page' : undefined}
                  onClick={(event) => {
                    event.preventDefault();
                    onOpen(route);
                  }}
                >
                  <span className="page-link-title">
                    {typeof accent === 'string' && <span className="relation-dot" aria-hidden="true" style={{ background: accent, display: 'inline-block', marginRight: 6 }} />}
                    {entryLabel(doc)}
                  </span>
                  <span className="page-link-slug">{entrySlugOf(doc)}</span>
                  {isDirty(doc) && <span className="dirty-dot" title="Unsaved changes" aria-label="Unsaved changes" />}
                </a>
              </li>
            );
          })}
        </ul>
      )}
    </nav>
  );
}
