/** The editor's document state: a reducer over the pure operations in lib/model. */
import { useReducer } from 'react';
import { docsFromPayload, setAt, type Docs, type EditorDoc, type EditorPayload } from '../lib/model';

export type Action =
  | { type: 'load'; payload: EditorPayload; keepDirty: boolean }
  | { type: 'set'; file: string; path: readonly (string | number)[]; value: unknown }
  | { type: 'put'; doc: EditorDoc }
  | { type: 'saved'; file: string; version: string; json: string };

export function reducer(docs: Docs, action: Action): Docs {
  switch (action.type) {
    case 'load': {
      const fresh = docsFromPayload(action.payload);
      if (!action.keepDirty) return fresh;
      // Keep local edits of documents that did not change on disk.
      const merged: Record<string, EditorDoc> = { ...fresh };
      for (const doc of Object.values(docs)) {
        const disk = fresh[doc.file];
        if (JSON.stringify(doc.data) !== doc.savedJson && (!disk || disk.version === doc.version)) merged[doc.file] = { ...doc, ...(disk && { savedJson: disk.savedJson }) };
      }
      return merged;
    }
    case 'set': {
      const doc = docs[action.file];
      if (!doc) return docs;
      return { ...docs, [action.file]: { ...doc, data: setAt(doc.data, action.path, action.value) } };
    }
    case 'put':
      return { ...docs, [action.doc.file]: action.doc };
    case 'saved': {
      const doc = docs[action.file];
      if (!doc) return docs;
      return { ...docs, [action.file]: { ...doc, version: action.version, savedJson: action.json } };
    }
  }
}

export function useEditorState(payload: EditorPayload) {
  return useReducer(reducer, payload, docsFromPayload);
}
