import { alreadyOnServer, type SentDoc, type ServerDoc } from '../../server-docs';
import type { EditorState } from '../state';
import { saveSucceeded } from './save-succeeded';

const KEPT = 'Your changes are kept, unsaved: press Save to try again.';

/** A save that arrived though its answer did not: saved, at the versions the server has, and said so. */
export function saveArrived(state: EditorState, input: { saved: readonly { file: string; version: string | null; json: string }[] }): EditorState {
  const done = saveSucceeded(state, input);
  return { ...done, notice: { kind: 'success', text: `${done.notice!.text} The server’s answer was lost on the way, but the editor checked that the save arrived.` } };
}

/**
 * A save got no answer (the connection dropped): it may have arrived all the same, so nothing is
 * said to be unsaved before the server is asked. `server`: its documents, asked for afterwards
 * (absent when it could not be reached either). When it holds every document as sent, the save
 * is done; otherwise it did not arrive (a changeset is written whole or not at all).
 */
export function saveUnanswered(state: EditorState, input: { sent: readonly SentDoc[]; server?: readonly ServerDoc[] }): EditorState {
  const idle = { ...state, save: { status: 'idle' } as const };
  if (!input.server) {
    const unconfirmed = { ...state.unconfirmed, ...Object.fromEntries(input.sent.map(({ file, json }) => [file, json])) };
    return { ...idle, unconfirmed, notice: { kind: 'error', text: `The server did not answer, so whether your save arrived is not known yet. ${KEPT} If it did arrive, the editor will find it so.` } };
  }
  const arrived = alreadyOnServer(input.sent, input.server);
  if (arrived.length === input.sent.length) return saveArrived(state, { saved: arrived });
  return { ...idle, notice: { kind: 'error', text: `Your save did not arrive: the connection dropped, and the server does not have your changes. ${KEPT}` } };
}
