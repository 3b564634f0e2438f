/**
 * Carries out a save the store has started (`requestSave`): sends the
 * changeset, reports the outcome as a command, then asks the server for the
 * site's problems again, as the save may have fixed or caused some. A save
 * refused (403 for the role, 502/503 for a git remote out of reach) or sent
 * without a session (401) leaves every edit unsaved, ready to save again.
 */
import { useEffect, useRef } from 'react';
import type { EditorContent } from '../../lib/model';
import type { EditorState } from '../../lib/store/state';
import { loadState, saveDocs } from '../api';
import { loadedMarkdownReader, loadMarkdownReader } from '../../lib/markdown-reader-loader';
import type { EditorDispatch } from './useEditorStore';

export function useSaveRunner(state: EditorState, dispatch: EditorDispatch) {
  const docs = useRef(state.docs);
  docs.current = state.docs;
  const { save } = state;
  useEffect(() => {
    if (save.status !== 'saving') return;
    const sent = save.files.map((file) => docs.current[file]!).filter(Boolean);
    const sentJson = sent.map((doc) => ({ file: doc.file, json: JSON.stringify(doc.data) }));
    // The note of a save names new links inside texts to pages visitors do not get yet: the reader
    // loads while the save is under way, and is used if it is there by the answer (never waited for).
    void loadMarkdownReader().catch(() => undefined);
    void (async () => {
      const result = await saveDocs(sent, save.baseVersions, save.summary);
      if (result.status === 'saved') {
        dispatch({ type: 'saveSucceeded', saved: sentJson.map(({ file, json }) => ({ file, version: result.versions[file] ?? null, json })), markdown: loadedMarkdownReader() });
        // The production server publishes what was saved; usePublishWatcher follows it.
        if (result.publish) dispatch({ type: 'publishRequested', ticket: result.publish.ticket, saved: sent.map((doc) => doc.file) });
        const site = await serverState();
        if (site) dispatch({ type: 'siteChecked', site });
      } else if (result.status === 'invalid') dispatch({ type: 'saveRejected', error: result.error, issues: result.issues, server: (await serverState())?.docs });
      // The server's documents tell a file renamed or deleted elsewhere, and a save that had arrived unanswered.
      else if (result.status === 'conflict') dispatch({ type: 'saveConflicted', error: result.error, conflicts: result.conflicts, sent: sentJson, server: (await serverState())?.docs });
      // 401: the session ended (the api's listener has said so already); the edits wait for a new one.
      else if (result.httpStatus === 401) dispatch({ type: 'sessionEnded' });
      // No answer at all: the save may have arrived before the connection dropped; the server's documents tell.
      else if (result.httpStatus === undefined) dispatch({ type: 'saveUnanswered', sent: sentJson, server: (await serverState())?.docs });
      else dispatch({ type: 'saveFailed', error: result.error, status: result.httpStatus });
    })();
  }, [save, dispatch]);
}

/** The server's state now, or undefined when it cannot be had (what depends on it says so). */
async function serverState(): Promise<EditorContent | undefined> {
  try {
    return await loadState();
  } catch {
    return undefined;
  }
}
