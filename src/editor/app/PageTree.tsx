/** All page files, nested slugs indented and templates marked; opening one is a client-side switch. */
import { isDirty, sortedPages, type Docs, type StoredPage } from '../lib/model';

interface Props {
  docs: Docs;
  currentSlug: string | null;
  onOpen(slug: string): void;
  onNewPage(): void;
}

export function PageTree({ docs, currentSlug, onOpen, onNewPage }: Props) {
  return (
    <nav className="panel page-tree" aria-label="Pages">
      <div className="panel-head">
        <h2>Pages</h2>
        <button type="button" className="btn btn-small" onClick={onNewPage}>
          New page
        </button>
      </div>
      <ul>
        {sortedPages(docs).map((doc) => {
          const page = doc.data as StoredPage;
          const depth = doc.saveSlug.split('/').length - 1;
          const template = page.template?.collection;
          return (
            <li key={doc.file}>
              <a
                href={`/editor/${doc.saveSlug}`}
                className="page-link"
                aria-current={doc.saveSlug === currentSlug ? 'page' : undefined}
                style={{ paddingLeft: `${0.75 + depth * 0.9}rem` }}
                onClick={(event) => {
                  event.preventDefault();
                  onOpen(doc.saveSlug);
                }}
              >
                <span className="page-link-title">
                  {template ? `${template.charAt(0).toUpperCase()}${template.slice(1)} template` : String(page.meta?.title ?? doc.saveSlug).split(' — ')[0]}
                </span>
                <span className="page-link-slug">/{doc.saveSlug === 'home' ? '' : doc.saveSlug}</span>
                {template && <span className="badge" title="One page per entry">Template</span>}
                {isDirty(doc) && <span className="dirty-dot" title="Unsaved changes" aria-label="Unsaved changes" />}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
