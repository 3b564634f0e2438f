/** All page files, nested slugs indented and templates marked; opening one is a client-side switch. */
import { memo, useEffect, useRef, type CSSProperties, type ReactNode } from 'react';
import { isDirty, pageTitle, type Docs, type StoredPage } from '../lib/model';
import { sortedPages } from '../lib/page-order';
import { localDateTime, publicationStatus, statusText } from '../lib/publication';
import { entryNounOf } from '../lib/entries';
import { shownAddress } from '../lib/link-targets';

/** What a row shows, and nothing else: the tree renders again only when a row changes, not on every keystroke. */
export interface PageRow {
  slug: string;
  title: string;
  depth: number;
  isTemplate: boolean;
  isDirty: boolean;
  /** "Draft" or "Scheduled for …"; absent when published, the usual case. */
  status?: RowStatus;
}

export interface RowStatus {
  state: 'draft' | 'scheduled';
  text: string;
}

/** What a list row says of a document's status at `now`: nothing when it is published. */
export function rowStatus(data: unknown, now: Date): RowStatus | undefined {
  const status = publicationStatus(data, now);
  return status.state === 'published' ? undefined : { state: status.state, text: statusText(status, localDateTime) };
}

export function pageRows(docs: Docs, now = new Date()): PageRow[] {
  const pages = sortedPages(docs);
  const slugs = new Set(pages.map((doc) => doc.saveSlug));
  return pages.map((doc) => {
    const page = doc.data as StoredPage;
    const template = page.template?.collection;
    const status = rowStatus(page, now);
    return {
      slug: doc.saveSlug,
      // Said as what it is to an editor, the page every post is shown on, not by its file's `[slug]`.
      title: template ? `Each ${entryNounOf(template)}’s page` : pageTitle(page, doc.saveSlug),
      // Indented under the pages above it in its path only: /docs/getting-started with no /docs page
      // would otherwise sit indented under whichever page came before it, as if it were that page's.
      depth: doc.saveSlug.split('/').slice(0, -1).filter((_, index, segments) => slugs.has(segments.slice(0, index + 1).join('/'))).length,
      isTemplate: Boolean(template),
      isDirty: isDirty(doc),
      ...(status && { status }),
    };
  });
}

interface Props {
  rows: readonly PageRow[];
  currentSlug: string | null;
  onOpen(slug: string): void;
  onNewPage(): void;
}

export const PageTree = memo(function PageTree({ rows, currentSlug, onOpen, onNewPage }: Props) {
  return (
    <nav className="panel page-tree" aria-label="Pages">
      <div className="panel-head">
        <h2>Pages</h2>
        <button type="button" className="btn btn-small" onClick={onNewPage}>
          New page
        </button>
      </div>
      <ul>
        {rows.map((row) => (
          <li key={row.slug}>
            <RouteLink route={row.slug} current={currentSlug} isDirty={row.isDirty} onOpen={onOpen} style={{ paddingLeft: `${0.75 + row.depth * 0.9}rem` }}>
              <span className="page-link-title">{row.title}</span>
              <span className="page-link-slug">{shownAddress(row.slug)}</span>
              {row.status && <RowStatusLine status={row.status} />}
              {row.isTemplate && (
                <span className="badge" title="One page per entry">
                  Template
                </span>
              )}
            </RouteLink>
          </li>
        ))}
      </ul>
    </nav>
  );
});

/** A draft's or scheduled document's line in a list. */
export function RowStatusLine({ status }: { status: RowStatus }) {
  return <span className={`page-link-status is-${status.state}`}>{status.text}</span>;
}

/** A row of the pages, posts or tags: a real link to its editor URL, opened in place without a reload. */
export function RouteLink({ route, current, isDirty, onOpen, style, children }: { route: string; current: string | null; isDirty: boolean; onOpen(route: string): void; style?: CSSProperties; children: ReactNode }) {
  const link = useRef<HTMLAnchorElement>(null);
  const isCurrent = route === current;
  // The open document's row is scrolled into the list's view when it becomes the open one (a page
  // just made, say, lands below the list's fold), and only as far as it must.
  useEffect(() => {
    if (isCurrent) link.current?.scrollIntoView({ block: 'nearest' });
  }, [isCurrent]);
  return (
    <a
      ref={link}
      href={`/editor/${route}`}
      className="page-link"
      aria-current={isCurrent ? 'page' : undefined}
      style={style}
      onClick={(event) => {
        event.preventDefault();
        onOpen(route);
      }}
    >
      {children}
      {isDirty && <span className="dirty-dot" title="Unsaved changes" aria-label="Unsaved changes" />}
    </a>
  );
}
