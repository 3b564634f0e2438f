/**
 * Undo and redo across every edit of a session. A step stores the documents'
 * data as it was before the edit. Edits copy only the path they change, so a
 * snapshot shares everything else with its neighbours (no full copies), and
 * the number of steps is capped. Save state (versions, what is on disk) is
 * never part of a step, so history survives a save.
 */
import type { Docs, EditorDoc } from './model';

/** Each document's data, by file. */
export type Snapshot = Readonly<Record<string, unknown>>;

export interface Step {
  snapshot: Snapshot;
  label: string;
  /** Edits with the same key in quick succession (typing in one field) form one step. */
  key?: string;
  at: number;
  /**
   * New, unsaved documents that applying this step's snapshot brings back (a page created, then
   * undone: the redo must make it again). A snapshot holds only data, and an unsaved document
   * has nothing on disk to come back from.
   */
  recreate?: readonly EditorDoc[];
}

export interface History {
  past: readonly Step[];
  future: readonly Step[];
  /**
   * Where the last save was, as a count of steps from the oldest kept (`past.length` then): the
   * History menu marks it, so going back past it is seen to undo saved work. Undefined when that
   * point is gone (a new edit after undoing past it) or was never reached.
   */
  savedAt?: number;
  /**
   * Where a save in flight was asked for, counted like `savedAt` and followed the same way, so it
   * becomes `savedAt` when the save lands only if the state it sent is still in the history. A new
   * edit after an undo during the save drops that state: a count kept outside the history then
   * put the mark on the new edit, which was never saved.
   */
  savingAt?: number;
}

export const MAX_STEPS = 200;
export const COALESCE_MS = 1200;
export const emptyHistory: History = { past: [], future: [] };

/** A step as the History menu lists it. */
export interface StepName {
  label: string;
  /** When it was made, as the clock reads: "14:32", or "14:32:05" where the minute alone would repeat an entry. */
  time: string;
}

const clockTime = (at: number, seconds: boolean) => new Date(at).toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit', ...(seconds ? { second: '2-digit' } : {}) });

/**
 * Each step's label and time. The same field edited twice, with another edit between, gives two
 * steps of one label; their times tell them apart, to the second when they share a minute.
 */
export function stepNames(steps: readonly Pick<Step, 'label' | 'at'>[], format: (at: number, seconds: boolean) => string = clockTime): StepName[] {
  const byMinute = steps.map((step) => `${step.label}\n${format(step.at, false)}`);
  const repeated = new Set(byMinute.filter((name, index) => byMinute.indexOf(name) !== index));
  return steps.map((step, index) => ({ label: step.label, time: format(step.at, repeated.has(byMinute[index]!)) }));
}

export function snapshotOf(docs: Docs): Snapshot {
  return Object.fromEntries(Object.values(docs).map((doc) => [doc.file, doc.data]));
}

/** A point of `history` (`savedAt`, `savingAt`) once `trimmed` of the oldest steps are dropped and the future is gone: undefined if it went with them. */
function pointAfter(history: History, at: number | undefined, trimmed: number): number | undefined {
  return at === undefined || at > history.past.length || at - trimmed < 0 ? undefined : at - trimmed;
}

/** The save points of `history` after a new step, with `trimmed` of the oldest dropped: only those that are still there. */
function savePointsAfter(history: History, trimmed: number): Pick<History, 'savedAt' | 'savingAt'> {
  const savedAt = pointAfter(history, history.savedAt, trimmed);
  const savingAt = pointAfter(history, history.savingAt, trimmed);
  return { ...(savedAt !== undefined && { savedAt }), ...(savingAt !== undefined && { savingAt }) };
}

/** Records that an edit labelled `label` is about to change `before`. */
export function record(history: History, before: Snapshot, label: string, key: string | undefined, now: number): History {
  const last = history.past.at(-1);
  if (key !== undefined && last?.key === key && now - last.at < COALESCE_MS && history.future.length === 0) {
    return { ...history, past: [...history.past.slice(0, -1), { ...last, at: now }] };
  }
  const past = [...history.past, { snapshot: before, label, key, at: now }];
  const trimmed = Math.max(0, past.length - MAX_STEPS);
  return { past: past.slice(trimmed), future: [], ...savePointsAfter(history, trimmed) };
}

/**
 * The history as a save starts: the last step takes no more typing, so the save falls between two
 * steps, and that point is where the save is (`savingAt`).
 */
export function savingNow(history: History): History {
  const last = history.past.at(-1);
  const past = last?.key === undefined ? history.past : [...history.past.slice(0, -1), { ...last, key: undefined }];
  return { ...history, past, savingAt: history.past.length };
}

/** The history once the save in flight has landed: its point is the save point, if the state it sent is still in the history; else there is none. */
export function withSaveLanded(history: History): History {
  const { savingAt, savedAt: _before, ...rest } = history;
  return savingAt === undefined ? rest : { ...rest, savedAt: savingAt };
}

/** Puts a snapshot's data back into the documents, keeping what is known about the files on disk. */
export function applySnapshot(docs: Docs, snapshot: Snapshot, recreate: readonly EditorDoc[] = []): Docs {
  const next: Record<string, EditorDoc> = {};
  for (const doc of Object.values(docs)) {
    if (Object.hasOwn(snapshot, doc.file)) next[doc.file] = doc.data === snapshot[doc.file] ? doc : { ...doc, data: snapshot[doc.file] };
    else if (doc.version !== null) next[doc.file] = doc; // on disk, unknown to the snapshot: keep it
    // else: a new, unsaved document the snapshot predates; undoing removes it
  }
  for (const doc of recreate) if (Object.hasOwn(snapshot, doc.file) && !next[doc.file]) next[doc.file] = { ...doc, data: snapshot[doc.file] };
  return next;
}

/** The new, unsaved documents that applying `snapshot` to `docs` removes: the step back must make them again. */
const unsavedMissingFrom = (docs: Docs, snapshot: Snapshot): EditorDoc[] => Object.values(docs).filter((doc) => doc.version === null && !Object.hasOwn(snapshot, doc.file));

export function undo(history: History, docs: Docs): { history: History; docs: Docs; label: string } | undefined {
  const step = history.past.at(-1);
  if (!step) return undefined;
  const back = { ...step, snapshot: snapshotOf(docs), recreate: unsavedMissingFrom(docs, step.snapshot) };
  return {
    history: { ...history, past: history.past.slice(0, -1), future: [...history.future, back] },
    docs: applySnapshot(docs, step.snapshot, step.recreate),
    label: step.label,
  };
}

export function redo(history: History, docs: Docs): { history: History; docs: Docs; label: string } | undefined {
  const step = history.future.at(-1);
  if (!step) return undefined;
  const back = { ...step, snapshot: snapshotOf(docs), key: undefined, recreate: unsavedMissingFrom(docs, step.snapshot) };
  return {
    history: { ...history, past: [...history.past, back], future: history.future.slice(0, -1) },
    docs: applySnapshot(docs, step.snapshot, step.recreate),
    label: step.label,
  };
}

/** The history with every step, past and future, passed through `step`. */
const everyStep = (history: History, step: (entry: Step) => Step): History => ({ ...history, past: history.past.map(step), future: history.future.map(step) });

/**
 * The history with one document's data in every step passed through `rebase`: after its edits were
 * merged onto a version saved elsewhere, each earlier state of it is merged onto that version too,
 * so Undo goes back through the edits made here and never quietly undoes the other person's.
 */
export function rebasedHistory(history: History, file: string, rebase: (data: unknown) => unknown): History {
  const step = (entry: Step): Step => (Object.hasOwn(entry.snapshot, file) ? { ...entry, snapshot: { ...entry.snapshot, [file]: rebase(entry.snapshot[file]) } } : entry);
  return everyStep(history, step);
}

/**
 * The history with one document's file renamed in every step (its snapshots, and the new documents
 * steps bring back): after it moved, Undo goes on working on it under its new name. `rebase`
 * turns each step's data into what it is at the new name (its slug, someone's changes there).
 */
export function renamedInHistory(history: History, from: string, to: EditorDoc, rebase: (data: unknown) => unknown = (data) => data): History {
  const renamed = (step: Step): Step => {
    const inSnapshot = Object.hasOwn(step.snapshot, from);
    if (!inSnapshot && !step.recreate?.some((doc) => doc.file === from)) return step;
    const { [from]: data, ...rest } = step.snapshot;
    const snapshot = inSnapshot ? { ...rest, [to.file]: data === undefined ? data : rebase(data) } : step.snapshot;
    const recreate = step.recreate?.map((doc) => (doc.file === from ? { ...to, data: rebase(doc.data) } : doc));
    return { ...step, snapshot, ...(recreate && { recreate }) };
  };
  return everyStep(history, renamed);
}

/** The history with no step holding `file` (in its snapshot, or among the new documents it brings back). */
export function withoutFile(history: History, file: string): History {
  const without = (step: Step): Step => {
    if (!Object.hasOwn(step.snapshot, file) && !step.recreate?.some((doc) => doc.file === file)) return step;
    const { [file]: _dropped, ...snapshot } = step.snapshot;
    const recreate = step.recreate?.filter((doc) => doc.file !== file);
    return { ...step, snapshot, ...(recreate && { recreate }) };
  };
  return everyStep(history, without);
}
