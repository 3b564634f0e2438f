/**
 * How people know a document, in the dialogs and the media library: its title or name, and where
 * it shows ("Page “About” (/about/)", "Post “Editing without fear”", "Shared header"), never its file.
 */
import { sectionRegistry } from '../../sections/registry';
import { pathForSlug } from '../../engine/slug';
import { isSettingsFile, SETTINGS_NAME } from './site-settings';
import { pageTitle, type Docs, type StoredPage } from './model';
import { entryCollectionOf, entryLabel, entryNounOf } from './entries';

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
