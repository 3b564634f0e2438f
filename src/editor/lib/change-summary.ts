/**
 * What a save changed, in the words of the forms, for its commit message: the content store
 * names the files ("Edit about"), and this adds the fields ("Hero › Title, Page settings ›
 * Description"), so `git log` reads as a history of the site. Worked out from each document as
 * saved and as sent, not from the undo history, so an edit undone before saving is not named.
 */
import { sameJson } from './json-merge';
import type { Docs, EditorDoc } from './model';
import { fieldLocationLabel, sectionLabelOf } from './store/labels';

type Path = (string | number)[];

/** At most this many changes are named per document; the rest are counted. */
const MAX_NAMED = 4;
/** The content store's limit on a changeset's message (MAX_MESSAGE_LENGTH). */
const MAX_SUMMARY = 500;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The paths where `after` differs from `before`: objects key by key, lists of one length item by item, anything else whole. */
function changedPaths(before: unknown, after: unknown, path: Path = []): Path[] {
  if (sameJson(before, after)) return [];
  if (isRecord(before) && isRecord(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    return keys.flatMap((key) => changedPaths(before[key], after[key], [...path, key]));
  }
  if (Array.isArray(before) && Array.isArray(after) && before.length === after.length) {
    return after.flatMap((item, index) => changedPaths(before[index], item, [...path, index]));
  }
  return [path];
}

const sectionId = (section: unknown) => (isRecord(section) && typeof section.id === 'string' ? section.id : JSON.stringify(section));

/** A page's sections: added, removed and moved ones by name, and the fields changed inside the others. */
function sectionChanges(docs: Docs, doc: EditorDoc, before: unknown[], after: unknown[]): string[] {
  const beforeIds = before.map(sectionId);
  const afterIds = after.map(sectionId);
  const changes = after.flatMap((section, index) => (beforeIds.includes(afterIds[index]!) ? [] : [`add ${sectionLabelOf(section, docs, doc.file)}`]));
  changes.push(...before.flatMap((section, index) => (afterIds.includes(beforeIds[index]!) ? [] : [`remove ${sectionLabelOf(section, docs, doc.file)}`])));
  const kept = afterIds.filter((id) => beforeIds.includes(id));
  if (!sameJson(kept, beforeIds.filter((id) => afterIds.includes(id)))) changes.push('reorder sections');
  after.forEach((section, index) => {
    const old = beforeIds.indexOf(afterIds[index]!);
    if (old >= 0) changes.push(...changedPaths(before[old], section, ['sections', index]).map((path) => fieldLocationLabel(docs, doc.file, path)));
  });
  return changes;
}

/** What changed in one document that was on the server before; empty for a new one (the store says "Add"). */
function documentChanges(docs: Docs, doc: EditorDoc): string[] {
  if (doc.version === null) return [];
  const before = JSON.parse(doc.savedJson) as unknown;
  const after = doc.data;
  if (doc.kind === 'page' && isRecord(before) && isRecord(after) && Array.isArray(before.sections) && Array.isArray(after.sections)) {
    const rest = changedPaths({ ...before, sections: [] }, { ...after, sections: [] });
    return [...rest.map((path) => fieldLocationLabel(docs, doc.file, path)), ...sectionChanges(docs, doc, before.sections, after.sections)];
  }
  return changedPaths(before, after).map((path) => fieldLocationLabel(docs, doc.file, path));
}

function named(changes: string[]): string {
  const unique = [...new Set(changes)];
  const shown = unique.slice(0, MAX_NAMED).join(', ');
  return unique.length > MAX_NAMED ? `${shown} and ${unique.length - MAX_NAMED} more` : shown;
}

/** The fields `doc` changes from its saved version, in the forms' words (the first few named), or undefined for a new document or none. */
export function changedFields(docs: Docs, doc: EditorDoc): string | undefined {
  const changes = documentChanges(docs, doc);
  return changes.length ? named(changes) : undefined;
}

/** The message a save sends with its changeset, or undefined when there is nothing to add to the files' names. */
export function changeSummary(docs: Docs, saved: readonly EditorDoc[]): string | undefined {
  const parts = saved.flatMap((doc) => {
    const changes = documentChanges(docs, doc);
    if (changes.length === 0) return [];
    // Several documents: each one's changes after its address, as the subject names the files.
    return [saved.length === 1 ? named(changes) : `${doc.saveSlug}: ${named(changes)}`];
  });
  const summary = parts.join('; ');
  if (!summary) return undefined;
  return summary.length <= MAX_SUMMARY ? summary : `${summary.slice(0, MAX_SUMMARY - 1).trimEnd()}…`;
}
