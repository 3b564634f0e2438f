/**
 * How people know a document, in the dialogs and the media library: its title or name, and where
 * it shows ("Page “About” (/about/)", "Post “Editing without fear”", "Shared header"), never its file.
 */
import { sectionRegistry } from '../../sections/registry';
import { pathForSlug } from '../../engine/slug';
import { isSettingsFile, SETTINGS_NAME } from './site-settings';
import { collectionNames, collectionRegistry } from '../../collections/registry';
import { pageTitle, type Docs, type StoredPage } from './model';
import { classifyFile, entryCollectionOf, entryLabel, entryNounOf } from './entries';

/** How people know a document: its title or name, and where it shows. */
export function docName(docs: Docs, file: string): string {
  const doc = docs[file];
  if (!doc) return file;
  if (doc.kind === 'page') {
    const page = doc.data as Partial<StoredPage> | undefined;
    if (page?.template) return `The ${page.template.collection} template (${pathForSlug(doc.saveSlug)})`;
    return `Page “${pageTitle(page, doc.saveSlug)}” (${pathForSlug(doc.saveSlug)})`;
  }
  if (doc.kind === 'entry') {
    const noun = entryNounOf(entryCollectionOf(doc));
    return `${noun.charAt(0).toUpperCase()}${noun.slice(1)} “${entryLabel(doc)}”`;
  }
  if (isSettingsFile(file)) return SETTINGS_NAME;
  // A shared section by its type's name ("Shared header", "Shared call to action"), and by its own where another shares that type.
  const type = (doc.data as { type?: unknown } | undefined)?.type;
  const own = doc.saveSlug.slice('shared/'.length);
  const label = typeof type === 'string' ? sectionRegistry.get(type)?.label.toLowerCase() : undefined;
  if (!label) return `Shared section “${own}”`;
  const alike = Object.values(docs).filter((other) => other.kind === 'shared' && (other.data as { type?: unknown } | undefined)?.type === type).length;
  return alike > 1 ? `Shared ${label} “${own}”` : `Shared ${label}`;
}

/**
 * A document's name inside a sentence, short, as a person knows it: "the page “About”", "the post
 * “Hello”", "each post’s page" (a template), "the shared header", "the site settings".
 */
export function docNameInSentence(docs: Docs, file: string): string {
  const doc = docs[file];
  if (!doc) return file;
  if (doc.kind === 'page') {
    const template = (doc.data as Partial<StoredPage> | undefined)?.template;
    return template ? `each ${entryNounOf(template.collection)}’s page` : `the page “${pageTitle(doc.data, doc.saveSlug)}”`;
  }
  const name = docName(docs, file);
  return `the ${name.charAt(0).toLowerCase()}${name.slice(1)}`;
}

/** Names in a sentence, the first `shown` of them: "A", "A and B", "A, B and C", "A, B and 3 more". */
export function listedNames(names: readonly string[], shown = 3): string {
  const named = names.length > shown ? [...names.slice(0, shown - 1), `${names.length - shown + 1} more`] : [...names];
  return named.length < 2 ? (named[0] ?? '') : `${named.slice(0, -1).join(', ')} and ${named.at(-1)}`;
}

/**
 * What the documents of these files are, counted by kind, in a sentence: "1 page", "2 pages and 1
 * post", "the site settings". For the top bar's "Unsaved changes to …", which has no room for
 * their titles, and the notices about drafts.
 */
export function countedFiles(files: Iterable<string>): string {
  const counts = new Map<string, { one: string; many: string; count: number }>();
  const add = (key: string, one: string, many: string) => {
    const found = counts.get(key) ?? { one, many, count: 0 };
    counts.set(key, { ...found, count: found.count + 1 });
  };
  for (const file of new Set(files)) {
    const doc = classifyFile(file);
    if (doc?.kind === 'page') add('page', 'page', 'pages');
    else if (doc?.kind === 'entry') {
      const collection = entryCollectionOf(doc);
      add(`entry:${collection}`, entryNounOf(collection), (collectionRegistry.get(collection)?.label ?? collection).toLowerCase());
    } else if (isSettingsFile(file)) add('settings', `the ${SETTINGS_NAME.toLowerCase()}`, '');
    else if (doc) add('shared', 'shared section', 'shared sections');
    else add('file', 'file', 'files');
  }
  // Pages, then each collection in the registry's order (posts before tags, as the tabs), then the rest.
  const order = (key: string) => (key === 'page' ? 0 : key.startsWith('entry:') ? 1 + collectionNames.indexOf(key.slice('entry:'.length)) : key === 'shared' ? 1000 : key === 'settings' ? 1001 : 1002);
  const parts = [...counts.entries()].sort(([a], [b]) => order(a) - order(b)).map(([key, { one, many, count }]) => (key === 'settings' ? one : `${count} ${count === 1 ? one : many}`));
  return listedNames(parts, parts.length);
}
