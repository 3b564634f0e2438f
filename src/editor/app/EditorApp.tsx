/**
 * The visual editor's layout: the top bar, messages, pages and outline on
 * the left, the live preview in the middle, the form on the right, and the
 * dialogs. It holds no state of its own: everything is in the one store
 * (lib/store), changed by named commands; the hooks do what talks to the
 * browser or the server.
 */
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { pageTitle, type EditorPayload } from '../lib/model';
import type { Notice } from '../lib/store/state';
import { problemCount, problemFiles } from '../lib/problems';
import { entryLabel, entryNounOf } from '../lib/entries';
import { isPublicAsSaved } from '../lib/publication';
import { viewLinks } from '../lib/view-links';
import { pathForSlug } from '../../engine/slug';
import { NoticeBanner, OpenElsewhereBanner, RemovedToast } from './Banners';
import { RecoveryBanner } from './RecoveryBanner';
import { NARROW_PREVIEW_QUERY, PaneSwitch } from './PaneSwitch';
import { DialogHost } from './DialogHost';
import { useDraftKeeping } from './hooks/useDraftKeeping';
import { useEditorStore } from './hooks/useEditorStore';
import { useEditorView } from './hooks/useEditorView';
import { useFocusRequests } from './hooks/useFocusRequests';
import { useSaveRunner } from './hooks/useSaveRunner';
import { usePublishWatcher } from './hooks/usePublishWatcher';
import { useSession } from './hooks/useSession';
import { useShortcuts } from './hooks/useShortcuts';
import { useUrlRoute } from './hooks/useUrlRoute';
import { ProblemsRevealed } from './fields/fresh';
import { InspectorPane } from './InspectorPane';
import { FaultBoundary } from './FaultBoundary';
import { SessionBanner } from './SessionBanner';
import { useMediaOptions } from './media/media-options';
import { UploadQueueProvider } from './media/UploadQueueContext';
import { Sidebar } from './Sidebar';
import { SETTINGS_PREVIEW_SLUG } from '../lib/site-settings';
import { Stage } from './Stage';
import { Topbar } from './Topbar';
import { useContentOps } from './useContentOps';
import { LinkSiteProvider, LinkTargetsProvider } from './fields';
import { linkTargets, siteAddressesOf } from '../lib/link-targets';
import { useStableValue } from './useStableCallback';
import { openElsewhere } from '../lib/drafts';
import { liveTabs, THIS_TAB } from './tab-presence';

interface Props {
  payload: EditorPayload;
  initialSlug: string | null;
}

/** The editor, behind the boundary of last resort: a throw anywhere says so and offers a reload, never a blank page. */
export default function EditorApp(props: Props) {
  return (
    <FaultBoundary part="The editor" resetKey="" whole>
      <Editor {...props} />
    </FaultBoundary>
  );
}

function Editor({ payload, initialSlug }: Props) {
  const [state, dispatch] = useEditorStore(payload, initialSlug);
  const userName = state.session.user.name;
  const view = useEditorView(state);
  const ops = useContentOps(dispatch);
  const docsRef = useRef(state.docs);
  docsRef.current = state.docs;
  const media = useMediaOptions(payload.maxUploadBytes, docsRef, ops.manageImage);

  const targets = useStableValue(linkTargets(state.docs));
  // Templates change with the docs, rarely: they are read again when the targets or the server's check change.
  const site = useMemo(() => siteAddressesOf(docsRef.current, targets, state.site), [targets, state.site]);
  const uploads = useMemo(() => ({ items: state.uploads, dispatch }), [state.uploads, dispatch]);
  useUrlRoute(state.route, dispatch);
  useShortcuts(dispatch);
  useDraftKeeping(state.docs, state.session.user.name, useCallback((notice: Notice) => dispatch({ type: 'notify', notice }), [dispatch]));
  useSaveRunner(state, dispatch);
  usePublishWatcher(state.publishing, state.session.renewed, dispatch);
  useSession(state.session, dispatch);
  useFocusRequests(state.focus);
  // Signing out asked already, and the drafts keep the changes.
  useUnloadWarning(view.dirtyDocs.length > 0 && state.session.status !== 'signing-out' && state.session.status !== 'switching-user');
  // A phone, a tablet or a small laptop previews at a phone's width: there a desktop page is scaled to a quarter (the preview is 364 px wide in a 1024 px window), unreadable.
  useEffect(() => {
    if (window.matchMedia(NARROW_PREVIEW_QUERY).matches) dispatch({ type: 'setViewport', viewport: 'mobile' });
  }, [dispatch]);

  const { page, entry, entryDoc, entryPage } = view;
  const noun = entry ? entryNounOf(entry.collection) : '';
  const heading = view.settingsOpen ? 'Editing the site settings' : page ? `Editing the page “${pageTitle(page.page, page.slug)}”` : entryDoc ? `Editing the ${noun} “${entryLabel(entryDoc)}”` : 'Content editor';
  useEffect(() => {
    const title = view.settingsOpen ? 'Site settings' : page ? String(page.page.meta?.title ?? page.slug) : entryDoc ? `${noun.charAt(0).toUpperCase()}${noun.slice(1)} “${entryLabel(entryDoc)}”` : null;
    document.title = title ? `${title} · Editor` : 'Editor · Content site';
  }, [page, entryDoc, noun, view.settingsOpen]);

  // The topbar's callbacks keep their identity, so typing does not render it.
  const save = useCallback(() => dispatch({ type: 'requestSave' }), [dispatch]);
  const travel = useCallback((steps: number) => dispatch({ type: 'travel', steps }), [dispatch]);
  const undo = useCallback(() => travel(-1), [travel]);
  const redo = useCallback(() => travel(1), [travel]);
  const setViewport = useCallback((viewport: typeof state.viewport) => dispatch({ type: 'setViewport', viewport }), [dispatch]);
  const openProblems = useCallback(() => dispatch({ type: 'showProblems', open: true }), [dispatch]);
  // Signing out ends the browser's session, so this user's other open tabs are signed out too: their unsaved changes are asked about as this tab's are.
  const signOut = useCallback(() => {
    void liveTabs().then((live) => dispatch({ type: 'requestSignOut', elsewhere: openElsewhere(window.localStorage, THIS_TAB, live, userName).files }));
  }, [dispatch, userName]);
  // Visitors get the shown page as saved (not a draft, not scheduled later): only then does "View page" lead somewhere.
  const shownDoc = page ? state.docs[page.file] : entryDoc;
  const shownIsPublic = useMemo(() => !shownDoc || isPublicAsSaved(shownDoc, new Date()), [shownDoc?.savedJson]);
  // What the topbar shows: the page's slug, or the page of the open entry (none for an entry of a collection without pages).
  const shownSlug = view.settingsOpen ? SETTINGS_PREVIEW_SLUG : entry ? (entryPage ?? null) : state.route;
  const canView = Boolean(shownSlug && !shownSlug.includes('[slug]') && (view.settingsOpen || shownDoc) && (!entry || (entryPage && entryDoc?.version)) && shownIsPublic);
  const { viewHref, liveHref } = viewLinks(canView ? pathForSlug(shownSlug!) : null, state.publishing, state.save.status === 'saving');

  return (
    <UploadQueueProvider value={uploads}>
    <div className="editor">
      <nav className="skip-links" aria-label="Skip links">
        <a href="#editor-inspector">Skip to the form</a>
        <a href="#editor-sidebar">Skip to pages and sections</a>
        <a href="#editor-preview">Skip to the preview</a>
      </nav>
      <h1 className="visually-hidden">{heading}</h1>
      <Topbar
        shownSlug={shownSlug}
        viewHref={viewHref}
        liveHref={liveHref}
        viewport={state.viewport}
        onViewport={setViewport}
        past={view.past}
        future={view.future}
        savedAt={state.history.savedAt}
        onUndo={undo}
        onRedo={redo}
        onTravel={travel}
        unsaved={view.unsaved}
        saving={state.save.status === 'saving'}
        recoverable={state.recovery.length > 0}
        publishing={state.publishing}
        onSave={save}
        problemCount={problemCount(problemFiles(state.site, state.docs))}
        warningCount={state.site.linksNowhere.length}
        onProblems={openProblems}
        user={state.session.dev ? null : state.session.user}
        leaving={state.session.status === 'signing-out'}
        onSignOut={signOut}
      />
      <SessionBanner session={state.session} route={state.route} unsaved={view.dirtyDocs.length} dispatch={dispatch} />
      <RecoveryBanner recovery={state.recovery} docs={state.docs} user={state.session.user} dispatch={dispatch} />
      <OpenElsewhereBanner openElsewhere={state.openElsewhere} docs={state.docs} />
      <PaneSwitch pane={state.pane} dispatch={dispatch} />
      {/* Under the pane switch (narrow windows), so a floating success never covers it. */}
      <NoticeBanner notice={state.notice} dispatch={dispatch} />
      <div className="workspace" data-pane={state.pane}>
        <Sidebar state={state} view={view} dispatch={dispatch} />
        <main className="stage" id="editor-preview" tabIndex={-1} aria-label="Preview">
          <Stage state={state} view={view} dispatch={dispatch} entryNoun={noun} />
        </main>
        <aside className="inspector" id="editor-inspector" tabIndex={-1} aria-label="Inspector">
          {/* One pane at a time (a phone): the way back to the list the form was opened from. CSS shows it there only. */}
          <button type="button" className="btn btn-ghost btn-small pane-back" onClick={() => dispatch({ type: 'showPane', pane: 'content' })}>
            ← {view.page ? 'Sections' : view.entry ? `${view.entry.collection.charAt(0).toUpperCase()}${view.entry.collection.slice(1)}` : 'Pages'}
          </button>
          <LinkTargetsProvider value={targets}>
            <LinkSiteProvider value={site}>
              <FaultBoundary part="This form" resetKey={`${state.route}:${state.selection}`} retryOn={state.docs}>
                {/* A blocked save, or the Problems panel, shows every error, a just-added item's too (fields/fresh.tsx). */}
                <ProblemsRevealed.Provider value={Boolean(state.notice?.blockedSave) || state.problemsOpen}>
                  <InspectorPane state={state} view={view} dispatch={dispatch} media={media} />
                </ProblemsRevealed.Provider>
              </FaultBoundary>
            </LinkSiteProvider>
          </LinkTargetsProvider>
        </aside>
      </div>
      <RemovedToast removed={state.removed} dispatch={dispatch} />
      <DialogHost state={state} view={view} dispatch={dispatch} ops={ops} onSave={save} />
    </div>
    </UploadQueueProvider>
  );
}

/** The browser asks before leaving while anything is unsaved (the drafts keep it either way). */
function useUnloadWarning(unsaved: boolean) {
  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);
}
