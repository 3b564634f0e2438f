import { isTemplateSlug, pathForSlug } from '../../../../engine/slug';
import { entryFile, entryPageSlug, parseEntryRoute } from '../../entries';
import { pageFile } from '../../model';
import { isPublicAsSaved, publicationStatus } from '../../publication';
import type { EditorState, Publishing } from '../state';

/**
 * The visitor URL of what the editor shows (the open page, or the page of the open entry), when
 * visitors get it as saved; else, when its own status is why, that status, and whether the save
 * also wrote something visitors do get (the shared header, saved beside a new draft page, is live
 * at once: the status must say both).
 */
function reach(state: EditorState, now: Date, saved: readonly string[]): Pick<Publishing, 'path' | 'notPublic' | 'othersLive'> {
  const entry = parseEntryRoute(state.route);
  const file = entry ? entryFile(entry.collection, entry.slug) : state.route && pageFile(state.route);
  const slug = entry ? entryPageSlug(state.docs, entry.collection, entry.slug) : state.route;
  const doc = file ? state.docs[file] : undefined;
  const othersLive = saved.some((other) => other !== file && state.docs[other] !== undefined && isPublicAsSaved(state.docs[other], now));
  if (doc && doc.savedJson !== '' && !isPublicAsSaved(doc, now)) {
    const status = publicationStatus(JSON.parse(doc.savedJson), now);
    const also = othersLive ? { othersLive } : {};
    if (status.state === 'draft') return { notPublic: { state: 'draft' }, ...also };
    if (status.state === 'scheduled') return { notPublic: { state: 'scheduled', at: status.at!.getTime() }, ...also };
  }
  if (!slug || isTemplateSlug(slug) || !doc || !isPublicAsSaved(doc, now)) return {};
  return { path: pathForSlug(slug) };
}

/**
 * The production server took the save and is publishing it (its answer
 * carried `publish.ticket`): the save status reads "Publishing…" until
 * `publishSettled` or `publishFailed`, with "View live page" leading to the
 * page the save was made from, unless visitors do not get it: then, for a
 * draft or a scheduled one, it says so instead of "Live". `saved`: the files the save wrote.
 */
export function publishRequested(state: EditorState, input: { ticket: number; now: number; saved?: readonly string[] }): EditorState {
  return { ...state, publishing: { ticket: input.ticket, state: 'publishing', ...reach(state, new Date(input.now), input.saved ?? []) } };
}
