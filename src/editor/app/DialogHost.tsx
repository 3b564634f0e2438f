/** The dialogs over the workspace, each shown when the store says so; most are loaded apart (lazy-dialogs.ts). */
import { Suspense, useEffect } from 'react';
import { docName } from '../lib/content-ops';
import { addressTakenProblem, entriesOf, entryAddressTakenProblem, entryPagePrefix, entrySlugOf } from '../lib/entries';
import { getAt, type Docs } from '../lib/model';
import { movedNames } from '../lib/moved-names';
import type { ServerDoc } from '../lib/server-docs';
import { counterpartAt } from '../lib/json-merge';
import { mayWrite } from '../lib/permissions';
import { problemFiles } from '../lib/problems';
import { fieldLocationLabel } from '../lib/store/labels';
import type { EditorState } from '../lib/store/state';
import { SectionPicker } from './dialogs';
import { DiscardDraftsDialog } from './RecoveryBanner';
import { ConflictDialog, ContentOpsDialog, GoneDialog, NewEntryDialog, NewPageDialog, preloadDialogs, ProblemsPanel, SampleTextDialog, SignOutDialog } from './lazy-dialogs';
import type { EditorDispatch } from './hooks/useEditorStore';
import type { EditorView } from './hooks/useEditorView';
import type { useContentOps } from './useContentOps';
import { loadState } from './api';

interface Props {
  state: EditorState;
  view: EditorView;
  dispatch: EditorDispatch;
  ops: ReturnType<typeof useContentOps>;
  onSave(): void;
}

/** The gone document's name and what it became, told apart when a move left the title as it was. */
function goneNames(docs: Docs, file: string, movedTo: ServerDoc | undefined): { name: string; movedToName?: string } {
  if (!movedTo) return { name: docName(docs, file) };
  const { from, to } = movedNames(docs, file, { ...docs, [movedTo.file]: { ...movedTo, savedJson: JSON.stringify(movedTo.data) } }, movedTo.file);
  return { name: from, movedToName: to };
}

const today = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
};

export function DialogHost({ state, view, dispatch, ops, onSave }: Props) {
  const { docs, dialog } = state;
  const close = () => dispatch({ type: 'openDialog', dialog: null });

  const reloadFromDisk = async (file: string) => {
    try {
      const content = await loadState();
      const disk = content.docs.find((doc) => doc.file === file);
      if (disk) return dispatch({ type: 'reloadFile', doc: disk });
      // Not a document the server can give (a file broken by hand, or gone): say so, rather than close as if done.
      const reason = content.problems.find((problem) => problem.file === file)?.message ?? 'it is not on the server any more';
      close();
      dispatch({ type: 'notify', notice: { kind: 'error', text: `Their version of ${docName(state.docs, file)} cannot be loaded: ${reason}. Your changes are kept, unsaved: mend the file, or save yours over it.` } });
    } catch (error) {
      close();
      dispatch({ type: 'notify', notice: { kind: 'error', text: `Could not reload: ${(error as Error).message}` } });
    }
  };

  useEffect(preloadDialogs, []);

  return (
    <Suspense fallback={null}>
      {state.op && (
        <ContentOpsDialog
          key={JSON.stringify(state.op)}
          request={state.op}
          docs={docs}
          user={state.session.user.name}
          mayChange={(file) => mayWrite(state.session.user, file)}
          unsaved={view.unsaved}
          saving={state.save.status === 'saving'}
          onSave={onSave}
          onApplied={(done) => void ops.applied(done)}
          onClose={ops.closeOp}
        />
      )}
      {state.problemsOpen && (
        <ProblemsPanel
          files={problemFiles(state.site, docs)}
          linksNowhere={state.site.linksNowhere}
          docs={docs}
          onOpen={(location) => dispatch({ type: 'goToField', location })}
          onRefresh={() => void ops.refreshProblems()}
          onClose={() => dispatch({ type: 'showProblems', open: false })}
        />
      )}
      {dialog?.kind === 'picker' && (
        <SectionPicker page={{ template: view.page?.page.template, types: view.entries.map((entry) => entry.type) }} onPick={(type) => dispatch({ type: 'addSection', sectionType: type })} onClose={close} />
      )}
      {dialog?.kind === 'new-page' && (
        <NewPageDialog
          takenProblem={(slug) => addressTakenProblem(docs, slug)}
          onCreate={({ title, slug }) => dispatch({ type: 'createPage', title, slug })}
          onClose={close}
        />
      )}
      {dialog?.kind === 'new-entry' && (
        <NewEntryDialog
          collection={dialog.collection}
          pagePrefix={entryPagePrefix(docs, dialog.collection)}
          existing={new Set(entriesOf(docs, dialog.collection).map(entrySlugOf))}
          takenProblem={(slug) => entryAddressTakenProblem(docs, dialog.collection, slug)}
          onCreate={({ title, slug }) => dispatch({ type: 'createEntry', collection: dialog.collection, slug, title, today: today() })}
          onClose={close}
        />
      )}
      {dialog?.kind === 'conflict' && (
        <ConflictDialog
          name={docName(state.docs, dialog.file)}
          clashes={dialog.theirs && dialog.clashes?.map((path) => ({
            label: fieldLocationLabel(state.docs, dialog.file, path),
            ours: getAt(state.docs[dialog.file]?.data, path.map(String)),
            theirs: counterpartAt(dialog.theirs!.data, state.docs[dialog.file]?.data, path),
          }))}
          onClose={close}
          onKeepTheirs={() => (dialog.theirs ? dispatch({ type: 'settleConflict', keep: 'theirs' }) : void reloadFromDisk(dialog.file))}
          onKeepMine={() => (dialog.theirs ? dispatch({ type: 'settleConflict', keep: 'mine' }) : dispatch({ type: 'requestSave', baseVersions: { [dialog.file]: dialog.currentVersion }, sampleTextConfirmed: true }))}
        />
      )}
      {dialog?.kind === 'gone' && (
        <GoneDialog
          {...goneNames(state.docs, dialog.file, dialog.movedTo)}
          canCarry={dialog.carried !== undefined}
          canCarryMine={dialog.mine !== undefined}
          isPage={state.docs[dialog.file]?.kind === 'page'}
          onClose={close}
          onCarry={() => dispatch({ type: 'settleGoneDocument', edits: 'carry' })}
          onCarryMine={() => dispatch({ type: 'settleGoneDocument', edits: 'carry-mine' })}
          onDiscard={() => dispatch({ type: 'settleGoneDocument', edits: 'discard' })}
          // Saved as a new file (no version to be based on): the user chose to have it back, in those words.
          onRecreate={() => dispatch({ type: 'requestSave', baseVersions: { [dialog.file]: null }, sampleTextConfirmed: true })}
        />
      )}
      {dialog?.kind === 'discard-drafts' && state.recovery.length > 0 && <DiscardDraftsDialog recovery={state.recovery} docs={docs} dispatch={dispatch} />}
      {dialog?.kind === 'sample-text' && (
        <SampleTextDialog
          documents={dialog.documents}
          onGoTo={(location) => dispatch({ type: 'goToField', location })}
          onSaveAnyway={() => dispatch({ type: 'requestSave', sampleTextConfirmed: true })}
          onClose={close}
        />
      )}
      {dialog?.kind === 'sign-out' && <SignOutDialog unsaved={dialog.unsaved} elsewhere={dialog.elsewhere} docs={docs} onSignOut={() => dispatch({ type: 'requestSignOut', confirmed: true })} onClose={close} />}
    </Suspense>
  );
}
