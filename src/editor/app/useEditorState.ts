/**
 * The editor's document state: a reducer over the pure operations in
 * lib/model, with undo and redo (lib/history). Each edit is labelled from what
 * it changes, and typing in one field is coalesced into one step.
 */
import { useEffect, useReducer } from 'react';
import { emptyHistory, record, redo, snapshotOf, undo, type History } from '../lib/history';
import { docsFromPayload, getAt, setAt, type Docs, type EditorDoc, type EditorPayload } from '../lib/model';

export type Action =
  | { type: 'load'; payload: EditorPayload }
  | { type: 'set'; file: string; path: readonly (string | number)[]; value: unknown; label?: string }
  | { type: 'put'; doc: EditorDoc; undoable?: boolean }
  | { type: 'replace'; docs: Docs }
  | { type: 'saved'; file: string; version: string; json: string }
  | { type: 'undo' }
  | { type: 'redo' };

export interface EditorState {
  docs: Docs;
  history: History;
  /** What the last undo or redo did, for the status line. */
  lastUndo?: { kind: 'undo' | 'redo'; label: string; at: number };
}

const typeLabel = (type: unknown) => (typeof type === 'string' ? type : 'section');
const sectionsOf = (page: unknown) => ((page as { sections?: unknown[] })?.sections ?? []) as unknown[];
const idOf = (section: unknown) => JSON.stringify(section);

function sectionType(docs: Docs, file: string, path: readonly (string | number)[]): { type: string; rest: readonly (string | number)[] } {
  const data = docs[file]?.data;
  if (path[0] === 'sections' && typeof path[1] === 'number') {
    const section = getAt(data, ['sections', String(path[1])]) as { type?: unknown; $ref?: unknown } | undefined;
    return { type: typeLabel(section?.type), rest: path.slice(2) };
  }
  return { type: typeLabel((data as { type?: unknown })?.type), rest: path };
}

/** "Move cta-banner up", "Add hero", "Delete footer": what a whole-page change did to its sections. */
function describePageChange(before: unknown, after: unknown): string {
  const [old, next] = [sectionsOf(before), sectionsOf(after)];
  const typeAt = (list: unknown[], index: number) => typeLabel((list[index] as { type?: unknown })?.type ?? ((list[index] as { $ref?: unknown })?.$ref ? 'shared section' : undefined));
  if (next.length > old.length) {
    const index = next.findIndex((section, i) => idOf(section) !== idOf(old[i]));
    return `Add ${typeAt(next, index < 0 ? next.length - 1 : index)}`;
  }
  if (next.length < old.length) {
    const index = old.findIndex((section, i) => idOf(section) !== idOf(next[i]));
    return `Delete ${typeAt(old, index < 0 ? old.length - 1 : index)}`;
  }
  const from = old.findIndex((section, i) => idOf(section) !== idOf(next[i]));
  if (from < 0) return 'Edit page';
  const moved = next.findIndex((section) => idOf(section) === idOf(old[from]));
  return moved > from ? `Move ${typeAt(old, from)} down` : `Move ${typeAt(next, from)} up`;
}

/** A label for an edit, and a coalescing key for typing (undefined for structural changes). */
export function describe(docs: Docs, action: Extract<Action, { type: 'set' }>): { label: string; key?: string } {
  // A caller that knows more (which button moved what) names the step itself.
  if (action.label) return { label: action.label };
  const doc = docs[action.file];
  if (doc?.kind === 'entry') {
    // `posts/x` → "Edit post title"
    const noun = doc.saveSlug.split('/')[0]!.replace(/s$/, '');
    const field = action.path.find((part): part is string => typeof part === 'string');
    if (!field) return { label: `Edit ${noun}` };
    return { label: `Edit ${noun} ${field.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase()}`, key: `${action.file}:${action.path.join('/')}` };
  }
  if (action.path.length === 0) return { label: describePageChange(docs[action.file]?.data, action.value) };
  const { type, rest } = sectionType(docs, action.file, action.path);
  const fields = rest.filter((part) => typeof part === 'string' && part !== 'data' && part !== 'settings') as string[];
  const field = fields.at(-1) ?? 'section';
  const subject = action.path[0] === 'meta' ? 'page' : type;
  return { label: `Edit ${subject} ${field.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase()}`, key: `${action.file}:${action.path.join('/')}` };
}

const createLabel = (doc: EditorDoc) =>
  doc.kind === 'entry' ? `Create ${doc.saveSlug.split('/')[0]!.replace(/s$/, '')} ${doc.saveSlug.slice(doc.saveSlug.indexOf('/') + 1)}` : `Create page /${doc.saveSlug}`;

export function reducer(state: EditorState, action: Action): EditorState {
  const { docs } = state;
  switch (action.type) {
    case 'load':
      return { docs: docsFromPayload(action.payload), history: emptyHistory };
    case 'set': {
      const doc = docs[action.file];
      if (!doc) return state;
      const { label, key } = describe(docs, action);
      const history = record(state.history, snapshotOf(docs), label, key, Date.now());
      return { docs: { ...docs, [action.file]: { ...doc, data: setAt(doc.data, action.path, action.value) } }, history };
    }
    case 'put': {
      const history = action.undoable === false ? state.history : record(state.history, snapshotOf(docs), createLabel(action.doc), undefined, Date.now());
      return { docs: { ...docs, [action.doc.file]: action.doc }, history };
    }
    case 'replace':
      return { ...state, docs: action.docs };
    case 'saved': {
      const doc = docs[action.file];
      if (!doc) return state;
      return { ...state, docs: { ...docs, [action.file]: { ...doc, version: action.version, savedJson: action.json } } };
    }
    case 'undo':
    case 'redo': {
      const result = (action.type === 'undo' ? undo : redo)(state.history, docs);
      if (!result) return state;
      return { docs: result.docs, history: result.history, lastUndo: { kind: action.type, label: result.label, at: Date.now() } };
    }
  }
}

export function useEditorState(payload: EditorPayload) {
  const [state, dispatch] = useReducer(reducer, payload, (initial): EditorState => ({ docs: docsFromPayload(initial), history: emptyHistory }));

  // Ctrl/Cmd+Z undoes, Ctrl/Cmd+Shift+Z and Ctrl+Y redo: one history for every edit, in any field.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
      const key = event.key.toLowerCase();
      if (key === 'z') {
        event.preventDefault();
        dispatch({ type: event.shiftKey ? 'redo' : 'undo' });
      } else if (key === 'y' && event.ctrlKey) {
        event.preventDefault();
        dispatch({ type: 'redo' });
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return [state.docs, dispatch, state] as const;
}
