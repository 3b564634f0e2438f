/**
 * How a document and what it became elsewhere (renamed: moved to another file) are named side by
 * side. A post's or tag's name is its title, which a move does not change, so the conflict dialog
 * once said “Post “X” was renamed to Post “X””: where the names are the same, each says where it
 * lives, its address or its file's name.
 */
import { docName } from './doc-name';
import type { Docs } from './model';
import { addressOf } from './page-links';

function where(docs: Docs, file: string): string {
  const doc = docs[file];
  const address = addressOf(docs, file);
  if (address !== undefined) return address === '/' ? '/' : `${address}/`;
  // A shared section, or an entry whose collection has no page of its own: its file's name is what changed.
  return doc ? doc.saveSlug.slice(doc.saveSlug.lastIndexOf('/') + 1) : file;
}

/** The documents with `file` as it was saved: the move was made to the saved file, and an unsaved new title here is not what was renamed. */
function asSaved(docs: Docs, file: string): Docs {
  const doc = docs[file];
  return doc && doc.savedJson !== '' ? { ...docs, [file]: { ...doc, data: JSON.parse(doc.savedJson) as unknown } } : docs;
}

/** The old document's name (in `before`) and the new one's (in `after`), each as saved, told apart by where they live when their names alone are the same. */
export function movedNames(before: Docs, file: string, after: Docs, movedFile: string): { from: string; to: string } {
  const [from, to] = [docName(asSaved(before, file), file), docName(asSaved(after, movedFile), movedFile)];
  if (from !== to) return { from, to };
  return { from: `${from} (${where(before, file)})`, to: `${to} (${where(after, movedFile)})` };
}
