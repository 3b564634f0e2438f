import { docName } from '../../content-ops';
import { docNameInSentence, listedNames } from '../../doc-name';
import { publicationState } from '../../../../engine/publication';
import { withSaveLanded } from '../../history';
import { newLinksToHidden } from '../../page-links';
import type { EditorState } from '../state';
import type { MarkdownReader } from '../../../../engine/references';

/** After a save that put edits together with changes saved elsewhere meanwhile: which, so the changes in the form are not a surprise. */
function mergedNote(state: EditorState): string {
  const merged = state.save.status === 'saving' ? (state.save.merged ?? []) : [];
  if (merged.length === 0) return '';
  const names = merged.map((file) => docName(state.docs, file)).join(', ');
  return ` ${names} had been changed elsewhere meanwhile, in other fields than yours: both changes are kept, and the form shows them.`;
}

const STATE_WORDS = { draft: 'a draft', scheduled: 'scheduled' } as const;

/**
 * After a save that added links to pages or posts visitors do not get yet, from a document they do
 * get (a shared header's menu is on every page): which, so a site-wide "page not found" is not
 * published unawares. `now`: the time of the save (the store gives every command its time).
 */
function hiddenLinksNote(state: EditorState, saved: readonly { file: string; json: string }[], now: Date, markdown: MarkdownReader | undefined): string {
  const found = new Map<string, string>();
  for (const { file, json } of saved) {
    const doc = state.docs[file];
    const data = JSON.parse(json) as unknown;
    if (!doc || (doc.kind !== 'shared' && publicationState(data, now) !== 'published')) continue;
    const before = doc.savedJson ? (JSON.parse(doc.savedJson) as unknown) : undefined;
    for (const target of newLinksToHidden(state.docs, file, data, before, now, markdown)) found.set(target.path, `“${target.title}” (${STATE_WORDS[target.state!]})`);
  }
  if (found.size === 0) return '';
  const [one] = found.values();
  return found.size === 1
    ? ` It now links to ${one}: visitors who follow that link get “page not found” until it is published.`
    : ` It now links to ${[...found.values()].join(', ')}: visitors who follow those links get “page not found” until they are published.`;
}

/**
 * The server wrote every file: each is now at its new version, and clean as
 * of the data that was sent (`json`), so edits typed during the save stay unsaved. `markdown`: the
 * Markdown reader, when it has loaded, for the links inside texts the note names.
 */
export function saveSucceeded(state: EditorState, input: { saved: readonly { file: string; version: string | null; json: string }[]; now?: number; markdown?: MarkdownReader }): EditorState {
  const docs = { ...state.docs };
  const serverIssues = { ...state.serverIssues };
  for (const { file, version, json } of input.saved) {
    const doc = docs[file];
    if (doc) docs[file] = { ...doc, version: version ?? '', savedJson: json };
    delete serverIssues[file];
  }
  // What was saved, by name: "Saved the page “About”.", not a count of documents.
  const saved = listedNames(input.saved.map(({ file }) => docNameInSentence(state.docs, file)));
  // A publication is shown until the next save; a save that publishes says so next (publishRequested).
  // Where in the history this save was asked for is now its save point, which the History menu marks.
  const history = state.save.status === 'saving' ? withSaveLanded(state.history) : state.history;
  // What an earlier save whose answer was lost sent of these files is no longer a question.
  const unsaved = <T,>(byFile: Readonly<Record<string, T>> | undefined) => byFile && Object.fromEntries(Object.entries(byFile).filter(([file]) => !input.saved.some((saved) => saved.file === file)));
  const unconfirmed = unsaved(state.unconfirmed);
  // Sample text said to be saved anyway is now what visitors have, or was never in a save that
  // landed: a shared section is asked about for the pages a save publishes, not for its own file,
  // so an answer kept by file would still speak for it when another page publishes it later. The
  // answers only carry a save whose answer was lost to the next try; a save that lands ends them.
  const { confirmedSampleText: _answered, ...rest } = state;
  return { ...rest, docs, serverIssues, history, ...(unconfirmed && { unconfirmed }), save: { status: 'idle' }, publishing: null, notice: { kind: 'success', text: `Saved ${saved}.${mergedNote(state)}${hiddenLinksNote(state, input.saved, new Date(input.now ?? Date.now()), input.markdown)}` } };
}
