/**
 * A page or entry created here, never saved, whose address was taken on the server meanwhile
 * (another tab's page, a colleague's, a pull's): the save is refused (409, the file exists). It
 * once crashed the whole editor, as the conflict handling read the saved version it never had.
 * Now it moves, unsaved, to the next free address (`team-2`; a page gets a free id too, since
 * page ids are unique), the document the server has takes the address in the editor, and the
 * notice says so. Its history steps follow it, so Undo keeps working on it. Pure.
 */
import { uniqueIdentifier } from '../identifiers';
import { docName } from '../doc-name';
import { entryCollectionOf, entryFile, entrySlugOf } from '../entries';
import { renamedInHistory } from '../history';
import { pageFile, type Docs, type EditorDoc } from '../model';
import { routeOfDoc, type ServerDoc } from '../server-docs';
import type { EditorState } from './state';

/** A conflict over a document created here: the server has a file where it would go. */
export const isTakenAddress = (doc: EditorDoc | undefined, currentVersion: string | null): doc is EditorDoc => doc !== undefined && doc.version === null && currentVersion !== null;

/** `doc` at the first free address after its own (`-2`, `-3`…), free here and on the server. */
function atFreeAddress(doc: EditorDoc, docs: Docs, server: readonly ServerDoc[]): EditorDoc {
  const folder = doc.kind === 'page' ? 'pages/' : `collections/${entryCollectionOf(doc)}/`;
  const takenSlugs = [...Object.keys(docs), ...server.map((there) => there.file)].filter((file) => file.startsWith(folder)).map((file) => file.slice(folder.length, -'.json'.length));
  const slug = uniqueIdentifier(doc.kind === 'page' ? doc.saveSlug : entrySlugOf(doc), takenSlugs);
  if (doc.kind !== 'page') return { ...doc, file: entryFile(entryCollectionOf(doc), slug), saveSlug: `${entryCollectionOf(doc)}/${slug}` };
  const pageIds = [...Object.values(docs), ...server].flatMap((other) => (other.kind === 'page' && other.file !== doc.file ? [(other.data as { id?: unknown })?.id] : [])).filter((id): id is string => typeof id === 'string');
  const data = doc.data as { id?: unknown };
  const id = typeof data.id === 'string' ? uniqueIdentifier(slug.replaceAll('/', '-'), pageIds) : data.id;
  return { ...doc, file: pageFile(slug), saveSlug: slug, data: { ...(doc.data as object), id, slug } };
}

/** A page's data as it was at some step, with the new address's slug and id. */
function retargeted(data: unknown, to: EditorDoc): unknown {
  if (to.kind !== 'page' || typeof data !== 'object' || data === null) return data;
  const { id, slug } = to.data as { id?: unknown; slug?: unknown };
  return { ...data, id, slug };
}

/** The state with the created document `file` moved off the address the server took, theirs in its place; undefined when the server's document is not known. */
export function movedOffTakenAddress(state: EditorState, file: string, server: readonly ServerDoc[] | undefined): { state: EditorState; note: string } | undefined {
  const ours = state.docs[file];
  const theirs = server?.find((there) => there.file === file);
  if (!ours || !theirs || !server) return undefined;
  const moved = atFreeAddress(ours, state.docs, server);
  const docs: Docs = { ...state.docs, [moved.file]: moved, [file]: { ...theirs, savedJson: JSON.stringify(theirs.data) } };
  const route = state.route === routeOfDoc(ours) ? (routeOfDoc(moved) ?? state.route) : state.route;
  const address = (doc: EditorDoc) => (doc.kind === 'page' ? `/${doc.saveSlug}/` : `“${entrySlugOf(doc)}”`);
  const note = `${docName(state.docs, file)} was not saved: meanwhile, ${docName(docs, file)} was saved at that address, by someone else or in another tab. Yours is kept, unsaved, at ${address(moved)}: press Save to keep it there.`;
  return { state: { ...state, docs, route, history: renamedInHistory(state.history, ours.file, moved, (data) => retargeted(data, moved)) }, note };
}
