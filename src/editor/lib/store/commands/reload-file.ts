import type { EditorDoc } from '../../model';
import type { EditorState } from '../state';

/** After a conflict: the file as it is on disk now replaces the editor's copy (not undoable: the disk moved, not the user). */
export function reloadFile(state: EditorState, input: { doc: Omit<EditorDoc, 'savedJson'> }): EditorState {
  const doc: EditorDoc = { ...input.doc, savedJson: JSON.stringify(input.doc.data) };
  return { ...state, docs: { ...state.docs, [doc.file]: doc }, dialog: null, notice: { kind: 'info', text: `Reloaded ${doc.file} from disk.` } };
}
