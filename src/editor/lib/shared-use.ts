/**
 * Where a shared section (the header, the footer, a shared banner) shows: the
 * pages that link to it, and the collections whose template does, so that
 * its form can say how far an edit reaches in the pages' own terms rather
 * than by its file.
 */
import { entryNounOf } from './entries';
import { outline, type Docs, type StoredPage } from './model';
import { sortedPages } from './page-order';

export interface SharedUse {
  pages: number;
  /** The nouns of the entries whose every page shows it, through their collection's template ("post"). */
  everyEntryOf: string[];
}

/**
 * The shared files a page's sections link to, by the page's data: documents are replaced, never
 * changed, so typing in a shared section's form (which asks on every keystroke) reads each page once.
 */
const shownByPage = new WeakMap<object, ReadonlySet<string>>();

export function sharedFilesOf(page: StoredPage, file: string, docs: Docs): ReadonlySet<string> {
  let shown = shownByPage.get(page);
  if (!shown) {
    shown = new Set(outline(page, file, docs).flatMap((entry) => (entry.shared && 'file' in entry.shared ? [entry.shared.file] : [])));
    shownByPage.set(page, shown);
  }
  return shown;
}

export function sharedUse(docs: Docs, sharedFile: string): SharedUse {
  const use: SharedUse = { pages: 0, everyEntryOf: [] };
  for (const doc of sortedPages(docs)) {
    const page = doc.data as StoredPage | undefined;
    if (!Array.isArray(page?.sections)) continue;
    if (!sharedFilesOf(page, doc.file, docs).has(sharedFile)) continue;
    if (page.template) use.everyEntryOf.push(entryNounOf(page.template.collection));
    else use.pages += 1;
  }
  return use;
}

/** "9 pages and every post’s page", "1 page". */
export function describeSharedUse({ pages, everyEntryOf }: SharedUse): string {
  const counted = pages > 0 || everyEntryOf.length === 0 ? [`${pages} ${pages === 1 ? 'page' : 'pages'}`] : [];
  const parts = [...counted, ...everyEntryOf.map((noun) => `every ${noun}’s page`)];
  return parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : parts[0]!;
}
