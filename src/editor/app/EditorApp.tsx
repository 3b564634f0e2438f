/**
 * The visual editor: pages, posts, tags and the page's outline on the left,
 * the live preview in the middle, the generated form of the selection (or of
 * the open post or tag) on the right.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { sectionRegistry } from '../../sections/registry';
import {
  addSection,
  duplicateSection,
  entriesOf,
  entryFile,
  entryLabel,
  entryPageSlug,
  entryRoute,
  entrySlugOf,
  followRefs,
  getAt,
  isDirty,
  knownEntries,
  moveSection,
  newEntry,
  newEntryDoc,
  newPage,
  newSection,
  outline,
  pageFile,
  parseEntryRoute,
  removeSection,
  type Docs,
  type EditorDoc,
  type EditorPayload,
  type EntryCollection,
  type StoredPage,
  type StoredSection,
} from '../lib/model';
import { entryIssues, pageIssues, sectionIssues, serverIssues, type IssueMap } from '../lib/validate';
import { loadState, saveDocs } from './api';
import { discardDrafts, persistDrafts, recoverable, restoreDrafts, type Recoverable } from '../lib/drafts';
import { entryRows } from './CollectionTree';
import { ContentNav } from './ContentNav';
import { ConflictDialog, NewEntryDialog, NewPageDialog, SectionPicker } from './dialogs';
import { ContentOpsDialog } from './ContentOpsDialog';
import { ProblemsPanel } from './ProblemsPanel';
import { useContentOps } from './useContentOps';
import type { Path, RelationOption } from './fields';
import { BrokenRefInspector, EntryInspector, PageInspector, SectionInspector } from './Inspector';
import { useMediaOptions } from './MediaLibrary';
import { Outline } from './Outline';
import { pageRows } from './PageTree';
import { Preview, type Viewport } from './Preview';
import { Topbar } from './Topbar';
import { useEditorState } from './useEditorState';
import { problemCount } from '../lib/problems';
import { lockedBecause } from '../lib/content-ops';
import { useStableCallback, useStableValue } from './useStableCallback';

interface Props {
  payload: EditorPayload;
  initialSlug: string | null;
}

type Notice = { kind: 'success' | 'error' | 'info'; text: string; details?: string[] } | null;
type Dialog = { kind: 'picker' } | { kind: 'new-page' } | { kind: 'new-entry'; collection: EntryCollection } | { kind: 'conflict'; file: string; currentVersion: string | null } | null;

const EMPTY: IssueMap = new Map();

const checkedDocs = new WeakMap<EditorDoc, IssueMap>();

/** The slugs of each collection's entries in `docs`, with a key that changes only when they do. */
const knownByDocs = new WeakMap<Docs, { sets: Record<string, ReadonlySet<string>>; key: string }>();
function knownIn(docs: Docs) {
  let known = knownByDocs.get(docs);
  if (!known) {
    const sets = knownEntries(docs);
    known = { sets, key: JSON.stringify(Object.entries(sets).map(([name, slugs]) => [name, [...slugs]])) };
    knownByDocs.set(docs, known);
  }
  return known;
}
const checkedEntries = new WeakMap<EditorDoc, { key: string; issues: IssueMap }>();

/**
 * Issues of one document, as the editor checks it before saving; the same map
 * while the doc is unchanged (for an entry: and the entries it may name).
 */
function docIssues(doc: EditorDoc, docs: Docs): IssueMap {
  if (doc.kind === 'entry') {
    const known = knownIn(docs);
    const cached = checkedEntries.get(doc);
    if (cached && cached.key === known.key) return cached.issues;
    const issues = entryIssues(doc.saveSlug.split('/')[0]!, doc.data, known.sets);
    checkedEntries.set(doc, { key: known.key, issues });
    return issues;
  }
  let issues = checkedDocs.get(doc);
  if (!issues) {
    const type = (doc.data as { type?: unknown })?.type;
    issues =
      doc.kind === 'page' ? pageIssues(doc.data)
      : doc.kind === 'shared' && typeof type === 'string' && sectionRegistry.has(type) ? sectionIssues(doc.data)
      : EMPTY;
    checkedDocs.set(doc, issues);
  }
  return issues;
}

/** Issues under `prefix.` with the prefix removed. */
function issuesUnder(issues: IssueMap, prefix: string): IssueMap {
  if (!prefix) return issues;
  const scoped = new Map<string, string>();
  for (const [key, message] of issues) if (key === prefix || key.startsWith(`${prefix}.`)) scoped.set(key.slice(prefix.length + 1), message);
  return scoped;
}

/** How many of a page's issues fall under each section index: `sections.3` and `sections.3.…` count for 3. */
function countBySection(issues: IssueMap): Map<number, number> {
  const counts = new Map<number, number>();
  for (const key of issues.keys()) {
    const [head, index] = key.split('.', 2);
    if (head === 'sections' && index !== undefined) counts.set(Number(index), (counts.get(Number(index)) ?? 0) + 1);
  }
  return counts;
}

export default function EditorApp({ payload, initialSlug }: Props) {
  const [docs, dispatch, { history: edits, lastUndo }] = useEditorState(payload);
  // Drafts left by a crash or a closed tab, until restored or discarded.
  const [recovery, setRecovery] = useState<Recoverable[]>(() => recoverable(window.localStorage, docs));
  const [slug, setSlug] = useState<string | null>(initialSlug);
  const [selected, setSelected] = useState<number | null>(null);
  const [scrollRequest, setScrollRequest] = useState(0);
  const [viewport, setViewport] = useState<Viewport>('desktop');
  const [dialog, setDialog] = useState<Dialog>(null);
  const [notice, setNotice] = useState<Notice>(payload.problems.length ? { kind: 'error', text: 'Some files could not be read.', details: payload.problems.map((p) => `${p.file}: ${p.message}`) } : null);
  const [undo, setUndo] = useState<{ file: string; section: unknown; index: number; label: string; sharedFile?: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const [fromServer, setFromServer] = useState<Record<string, IssueMap>>({});
  const docsRef = useRef(docs);
  docsRef.current = docs;
  const manageImage = useStableCallback((url: string, action: 'delete' | 'rename') => ops.manageImage(url, action));
  const media = useMediaOptions(payload.maxUploadBytes, docsRef, manageImage);

  // The route is a page slug, or `~posts/<slug>` / `~tags/<slug>` for an entry.
  const entryAt = parseEntryRoute(slug);
  const file = slug === null || entryAt ? null : pageFile(slug);
  const doc = file ? docs[file] : undefined;
  const openEntryFile = entryAt ? entryFile(entryAt.collection, entryAt.slug) : null;
  const entryDoc = openEntryFile ? docs[openEntryFile] : undefined;
  const entryPage = entryAt ? entryPageSlug(docs, entryAt.collection, entryAt.slug) : undefined;
  const page = doc?.data as StoredPage | undefined;
  // A page that is not valid (say, `sections` is not a list) still opens: its outline is empty and the Problems panel says why.
  const entries = useMemo(() => (page && file && Array.isArray(page.sections) ? outline(page, file, docs) : []), [page, file, docs]);
  const dirtyDocs = useMemo(() => Object.values(docs).filter(isDirty), [docs]);

  // ---- navigation ----
  const open = useCallback((next: string, { push = true } = {}) => {
    setSlug(next);
    setSelected(null);
    if (push) history.pushState({ slug: next }, '', `/editor/${next}`);
  }, []);

  // The lists on the left, as plain rows that keep their identity while unchanged, so typing does not render them.
  const pages = useStableValue(pageRows(docs));
  const posts = useStableValue(entryRows(docs, 'posts'));
  const tags = useStableValue(entryRows(docs, 'tags'));
  const openNewPage = useCallback(() => setDialog({ kind: 'new-page' }), []);
  const openNewEntry = useCallback((collection: EntryCollection) => setDialog({ kind: 'new-entry', collection }), []);

  useEffect(() => {
    const onPop = () => {
      const match = location.pathname.replace(/^\/editor\/?/, '').replace(/\/$/, '');
      setSlug(match || null);
      setSelected(null);
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  useEffect(() => {
    document.title = page ? `${String(page.meta?.title ?? slug)} · Editor` : entryDoc ? `${entryLabel(entryDoc)} · Editor` : 'Editor · Content site';
  }, [page, slug, entryDoc]);

  // ---- editing ----
  const updatePage = useCallback(
    (next: StoredPage, label?: string) => {
      if (file) dispatch({ type: 'set', file, path: [], value: next, label });
    },
    [file, dispatch],
  );

  const selectedEntry = selected !== null ? entries[selected] : undefined;
  const target = selectedEntry?.shared && !('broken' in selectedEntry.shared)
    ? { file: selectedEntry.shared.file, path: selectedEntry.shared.tokens as Path }
    : selectedEntry && file
      ? { file, path: ['sections', selectedEntry.index] as Path }
      : undefined;

  const changeSection = useCallback(
    (path: Path, value: unknown) => {
      if (target) dispatch({ type: 'set', file: target.file, path: [...target.path, ...path], value });
    },
    [target?.file, target && target.path.join('/'), dispatch],
  );
  const changePage = useCallback((path: Path, value: unknown) => file && dispatch({ type: 'set', file, path, value }), [file, dispatch]);
  const changeEntry = useCallback((path: Path, value: unknown) => openEntryFile && dispatch({ type: 'set', file: openEntryFile, path, value }), [openEntryFile, dispatch]);
  // What relation fields (a post's tags) offer: the collection's entries, in their unsaved state.
  const relationOptions = useMemo(() => {
    const byCollection = new Map<string, RelationOption[]>();
    return (collection: string) => {
      let options = byCollection.get(collection);
      if (!options) {
        options = entriesOf(docs, collection).map((entry) => {
          const accent = (entry.data as { accent?: unknown } | undefined)?.accent;
          return { slug: entrySlugOf(entry), label: entryLabel(entry), accent: typeof accent === 'string' && /^#[0-9a-f]{6}$/i.test(accent) ? accent : undefined };
        });
        byCollection.set(collection, options);
      }
      return options;
    };
  }, [docs]);
  const resolveRef = useCallback((ref: string) => followRefs({ $ref: ref }, target?.file ?? file ?? '', docsRef.current)?.value, [target?.file, file]);

  const select = useCallback((index: number | null, fromEditor = true) => {
    setSelected(index);
    if (fromEditor) setScrollRequest((n) => n + 1);
  }, []);

  const goTo = useCallback((route: string | null) => {
    if (route !== null) return open(route);
    setSlug(null);
    setSelected(null);
    history.pushState({ slug: null }, '', '/editor');
  }, [open]);
  const notify = useCallback((kind: 'success' | 'error' | 'info', text: string) => setNotice({ kind, text }), []);
  const ops = useContentOps({ payload, docs, dispatch, goTo, select, notify });

  // Stable, for the memoized outline rows.
  const move = useStableCallback((from: number, to: number, focusRow = true) => {
    if (!page || to < 0 || to >= page.sections.length || from === to) return;
    const type = entries[from]?.type ?? 'section';
    // A drag can jump several places: "Move hero to position 5" rather than "down".
    const direction = Math.abs(to - from) > 1 ? '' : to < from ? 'up ' : 'down ';
    updatePage(moveSection(page, from, to), direction ? `Move ${type} ${direction.trim()}` : `Move ${type} to position ${to + 1}`);
    setSelected(to);
    setNotice({ kind: 'info', text: `Moved ${type} ${direction}to position ${to + 1}.` });
    if (focusRow) requestAnimationFrame(() => (document.querySelector(`[data-section-index="${to}"]`) as HTMLElement | null)?.focus());
  });
  const openPicker = useCallback(() => setDialog({ kind: 'picker' }), []);

  const remove = (index: number) => {
    if (!page || !file) return;
    const shared = entries[index]?.shared;
    setUndo({ file, section: page.sections[index], index, label: entries[index]?.id ?? 'section', sharedFile: shared && !('broken' in shared) ? shared.file : undefined });
    updatePage(removeSection(page, index));
    setSelected(null);
  };

  const restore = () => {
    if (!undo) return;
    const current = docsRef.current[undo.file]?.data as StoredPage | undefined;
    if (current) dispatch({ type: 'set', file: undo.file, path: [], value: addSection(current, undo.section as StoredSection, undo.index) });
    setSelected(undo.index);
    setUndo(null);
  };

  useEffect(() => {
    if (!undo) return;
    const timer = setTimeout(() => setUndo(null), 10_000);
    return () => clearTimeout(timer);
  }, [undo]);

  // After an undo or redo: keep the selection on the page, and say what changed.
  useEffect(() => {
    if (!lastUndo) return;
    setSelected((current) => (current !== null && current >= entries.length ? null : current));
    setNotice({ kind: 'info', text: `${lastUndo.kind === 'undo' ? 'Undid' : 'Redid'}: ${lastUndo.label}.` });
  }, [lastUndo]);

  // Unsaved edits survive a crash or a closed tab; not before pending drafts are dealt with.
  useEffect(() => {
    if (recovery.length > 0) return;
    const timer = setTimeout(() => persistDrafts(window.localStorage, docsRef.current), 400);
    return () => clearTimeout(timer);
  }, [docs, recovery.length]);

  const restoreRecovered = () => {
    dispatch({ type: 'replace', docs: restoreDrafts(docsRef.current, recovery) });
    setRecovery([]);
    setNotice({ kind: 'info', text: `Restored unsaved changes to ${recovery.length} file${recovery.length === 1 ? '' : 's'}. Save to keep them.` });
  };

  const discardRecovered = () => {
    discardDrafts(window.localStorage, recovery);
    setRecovery([]);
  };

  const addOfType = (type: string) => {
    if (!page || !file) return;
    const section = newSection(page, type, sectionRegistry.get(type)!.defaults, file, docs);
    // After the selection, or before the trailing footer, or at the end.
    const footerAt = entries.findLastIndex((entry) => entry.type === 'footer');
    const at = selected !== null ? selected + 1 : footerAt >= 0 ? footerAt : page.sections.length;
    updatePage(addSection(page, section, at));
    setDialog(null);
    select(at);
  };

  const createPage = (newSlug: string) => {
    const data = newPage(newSlug, docs);
    dispatch({ type: 'put', doc: { file: pageFile(newSlug), kind: 'page', saveSlug: newSlug, data, savedJson: '', version: null } });
    setDialog(null);
    open(newSlug);
    setNotice({ kind: 'info', text: `Created /${newSlug}. It is saved to src/data/pages/${newSlug}.json when you press Save.` });
  };

  const createEntry = (collection: EntryCollection, entrySlug: string) => {
    const now = new Date();
    const today = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
    dispatch({ type: 'put', doc: newEntryDoc(collection, entrySlug, newEntry(collection, entrySlug, today)) });
    setDialog(null);
    open(entryRoute(collection, entrySlug));
    setNotice({ kind: 'info', text: `Created the ${collection === 'posts' ? 'post' : 'tag'} “${entrySlug}”. It is saved to src/data/${entryFile(collection, entrySlug)} when you press Save.` });
  };

  // ---- validation ----
  const issuesByFile = useMemo(() => {
    const result: Record<string, IssueMap> = {};
    for (const d of Object.values(docs)) if (isDirty(d) || d.file === file || d.file === openEntryFile) result[d.file] = docIssues(d, docs);
    return result;
  }, [docs, file, openEntryFile]);

  const entryFormIssues = useMemo(
    () => (openEntryFile ? new Map([...(fromServer[openEntryFile] ?? EMPTY), ...(issuesByFile[openEntryFile] ?? EMPTY)]) : EMPTY),
    [openEntryFile, fromServer, issuesByFile],
  );

  const inspectorIssues = useMemo(() => {
    if (!target) return EMPTY;
    const merged = new Map([...(fromServer[target.file] ?? EMPTY), ...(issuesByFile[target.file] ?? docIssues(docs[target.file]!, docs))]);
    return issuesUnder(merged, target.path.join('.'));
  }, [target?.file, target && target.path.join('.'), issuesByFile, fromServer, docs]);

  const issueCounts = useMemo(() => {
    // One pass over the page's issues, rather than one per section.
    const inPage = countBySection(issuesByFile[file ?? ''] ?? EMPTY);
    return entries.map((entry) =>
      entry.shared && !('broken' in entry.shared)
        ? issuesUnder(issuesByFile[entry.shared.file] ?? EMPTY, entry.shared.tokens.join('.')).size
        : (inPage.get(entry.index) ?? 0),
    );
  }, [entries, issuesByFile, file]);

  const pageLevelIssues = useMemo(() => {
    const all = new Map([...(fromServer[file ?? ''] ?? EMPTY), ...(issuesByFile[file ?? ''] ?? EMPTY)]);
    return new Map([...all].filter(([key]) => !key.startsWith('sections.') || key.split('.').length === 2));
  }, [issuesByFile, fromServer, file]);

  // ---- saving ----
  const save = useCallback(
    async (options: { overwrite?: Record<string, string | null> } = {}) => {
      const dirty = Object.values(docsRef.current).filter(isDirty);
      if (saving) return;
      if (dirty.length === 0) {
        setNotice({ kind: 'info', text: 'Nothing to save.' });
        return;
      }
      const problems = dirty.flatMap((d) => [...docIssues(d, docsRef.current)].map(([key, message]) => `${d.file} › ${key || '(document)'}: ${message}`));
      if (problems.length > 0) {
        setNotice({ kind: 'error', text: `Save is blocked: fix ${problems.length} problem${problems.length === 1 ? '' : 's'} first.`, details: problems.slice(0, 8) });
        return;
      }
      setSaving(true);
      try {
        // One changeset: every changed file is written, or none is.
        const result = await saveDocs(dirty, options.overwrite);
        if (result.status === 'saved') {
          for (const d of dirty) dispatch({ type: 'saved', file: d.file, version: result.versions[d.file] ?? '', json: JSON.stringify(d.data) });
          setFromServer((current) => ({ ...current, ...Object.fromEntries(dirty.map((d) => [d.file, EMPTY])) }));
          setNotice({ kind: 'success', text: `Saved ${dirty.length} file${dirty.length === 1 ? '' : 's'}.` });
          void ops.refreshProblems();
        } else if (result.status === 'invalid') {
          const byFile = Object.groupBy(result.issues, (issue) => issue.file);
          setFromServer((current) => ({ ...current, ...Object.fromEntries(Object.entries(byFile).map(([name, issues]) => [name, serverIssues(issues ?? [])])) }));
          setNotice({ kind: 'error', text: `Nothing was saved: ${result.error}`, details: result.issues.map((issue) => `${issue.file} › ${issue.path || '(document)'}: ${issue.message}`) });
        } else if (result.status === 'conflict') {
          const first = result.conflicts[0];
          if (first) setDialog({ kind: 'conflict', file: first.file, currentVersion: first.currentVersion });
          else setNotice({ kind: 'error', text: `Nothing was saved: ${result.error}` });
        } else {
          setNotice({ kind: 'error', text: `Nothing was saved: ${result.error}` });
        }
      } finally {
        setSaving(false);
      }
    },
    [saving, dispatch, ops.refreshProblems],
  );

  const reloadFromDisk = async (conflictFile: string) => {
    try {
      const fresh = await loadState();
      const disk = fresh.docs.find((d) => d.file === conflictFile);
      if (disk) dispatch({ type: 'put', doc: { ...disk, savedJson: JSON.stringify(disk.data) }, undoable: false });
      setNotice({ kind: 'info', text: `Reloaded ${conflictFile} from disk.` });
    } catch (error) {
      setNotice({ kind: 'error', text: `Could not reload: ${(error as Error).message}` });
    }
    setDialog(null);
  };

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
        event.preventDefault();
        void save();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [save]);

  useEffect(() => {
    if (dirtyDocs.length === 0) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirtyDocs.length]);

  // ---- preview input: every unsaved document ----
  const previewFiles = useMemo(() => Object.fromEntries(dirtyDocs.map((d) => [d.file, d.data])), [dirtyDocs]);

  const selectFromPreview = (id: string) => {
    const index = entries.findIndex((entry) => entry.id === id);
    if (index >= 0) select(index, false);
  };

  const existingSlugs = useMemo(() => new Set(Object.values(docs).filter((d) => d.kind === 'page').map((d) => d.saveSlug)), [docs]);
  const entrySlugsOf = (collection: EntryCollection) => new Set(entriesOf(docs, collection).map(entrySlugOf));
  const noSelect = useCallback(() => {}, []);
  // What the topbar shows: the page's slug, or the page of the open entry.
  const shownSlug = entryAt ? (entryPage ?? `${entryAt.collection}/${entryAt.slug}`) : slug;
  // The topbar's props, stable while typing (a keystroke changes no label: typing coalesces into one step).
  const pastLabels = useStableValue(edits.past.map((step) => step.label));
  const futureLabels = useStableValue(edits.future.map((step) => step.label));
  const undoStep = useCallback(() => dispatch({ type: 'undo' }), [dispatch]);
  const redoStep = useCallback(() => dispatch({ type: 'redo' }), [dispatch]);
  const saveNow = useCallback(() => void save(), [save]);
  const openProblems = useCallback(() => ops.setProblemsOpen(true), [ops.setProblemsOpen]);
  // No Rename… or Delete… where neither can happen (the home page, templates); the dialog explains other refusals.
  const fileAction = (targetFile: string | null | undefined) =>
    targetFile && docs[targetFile]?.version !== null && !lockedBecause(docs, { type: 'doc', file: targetFile }) ? (action: 'delete' | 'rename') => ops.requestOp({ action, target: { type: 'doc', file: targetFile } }) : undefined;
  const selectedSection = target ? (getAt(docs[target.file]?.data, target.path.map(String)) as StoredSection | undefined) : undefined;

  return (
    <div className="editor">
      <Topbar
        shownSlug={shownSlug}
        canView={Boolean(shownSlug && !shownSlug.includes('[slug]') && (!entryAt || (entryPage && entryDoc?.version)))}
        viewport={viewport}
        onViewport={setViewport}
        past={pastLabels}
        future={futureLabels}
        onUndo={undoStep}
        onRedo={redoStep}
        dirtyCount={dirtyDocs.length}
        saving={saving}
        onSave={saveNow}
        problemCount={problemCount(ops.problems)}
        onProblems={openProblems}
      />

      {recovery.length > 0 && (
        <div className="banner banner-recovery" role="alert">
          <div>
            <p>
              Unsaved changes from an earlier session were found for {recovery.length} file{recovery.length === 1 ? '' : 's'}.
            </p>
            <ul>
              {recovery.map(({ draft, changedOnDisk, isNew }) => (
                <li key={draft.file}>
                  {draft.file}, from {new Date(draft.savedAt).toLocaleString()}
                  {isNew && (draft.file.startsWith('pages/') ? ' (a new page)' : ' (a new file)')}
                  {changedOnDisk && ': the file changed on disk since; restoring and saving will replace that change'}
                </li>
              ))}
            </ul>
          </div>
          <div className="banner-actions">
            <button type="button" className="btn btn-small btn-primary" onClick={restoreRecovered}>
              Restore
            </button>
            <button type="button" className="btn btn-small" onClick={discardRecovered}>
              Discard
            </button>
          </div>
        </div>
      )}

      {notice && (
        <div className={`banner banner-${notice.kind}`} role={notice.kind === 'error' ? 'alert' : 'status'}>
          <div>
            <p>{notice.text}</p>
            {notice.details && (
              <ul>
                {notice.details.map((detail) => (
                  <li key={detail}>{detail}</li>
                ))}
              </ul>
            )}
          </div>
          <button type="button" className="btn btn-ghost btn-small" onClick={() => setNotice(null)} aria-label="Dismiss message">
            ×
          </button>
        </div>
      )}

      <div className="workspace">
        <aside className="sidebar">
          <ContentNav current={entryAt?.collection ?? 'pages'} pages={pages} posts={posts} tags={tags} route={slug} onOpen={open} onNewPage={openNewPage} onNewEntry={openNewEntry} />
          {page && (
            <>
              <button type="button" className={`page-settings-link${selected === null ? ' is-active' : ''}`} onClick={() => select(null)}>
                Page settings
                {pageLevelIssues.size > 0 && <span className="badge badge-error">{pageLevelIssues.size}</span>}
              </button>
              <Outline entries={entries} selected={selected} issueCounts={issueCounts} onSelect={select} onMove={move} onAdd={openPicker} />
            </>
          )}
        </aside>

        <main className="stage" aria-label="Preview">
          {slug && page ? (
            <Preview slug={slug} files={previewFiles} selectedId={selectedEntry?.id} scrollRequest={scrollRequest} viewport={viewport} onSelect={selectFromPreview} />
          ) : entryAt && entryDoc && entryPage ? (
            <Preview slug={entryPage} files={previewFiles} selectedId={undefined} scrollRequest={0} viewport={viewport} onSelect={noSelect} />
          ) : entryAt && entryDoc ? (
            <div className="welcome">
              <h1>No page for {entryAt.collection}</h1>
              <p>
                There is no <code>{entryAt.collection}/[slug]</code> template page, so this {entryAt.collection === 'posts' ? 'post' : 'tag'} has no page of its own to preview. It still shows in lists of {entryAt.collection} on other pages.
              </p>
            </div>
          ) : entryAt ? (
            <div className="welcome">
              <h1>No {entryAt.collection === 'posts' ? 'post' : 'tag'} “{entryAt.slug}”</h1>
              <p>Pick one on the left, or create a new one.</p>
            </div>
          ) : (
            <div className="welcome">
              <h1>{slug ? `No page “${slug}”` : 'Choose a page to edit'}</h1>
              <p>Pick a page on the left, or create a new one. Changes show in the preview as you type and are written to <code>src/data</code> when you save.</p>
            </div>
          )}
        </main>

        <aside className="inspector" aria-label="Inspector">
          {page && selectedEntry && selectedSection && typeof selectedSection === 'object' ? (
            <SectionInspector
              entry={selectedEntry}
              section={selectedSection}
              issues={inspectorIssues}
              isFirst={selectedEntry.index === 0}
              isLast={selectedEntry.index === entries.length - 1}
              onChange={changeSection}
              resolveRef={resolveRef}
              media={media}
              onMove={(delta) => move(selectedEntry.index, selectedEntry.index + delta)}
              onDuplicate={() => {
                updatePage(duplicateSection(page, selectedEntry.index, file!, docs));
                select(selectedEntry.index + 1);
              }}
              onDelete={() => remove(selectedEntry.index)}
              onFileAction={fileAction(target?.file !== file ? target?.file : undefined)}
            />
          ) : page && selectedEntry ? (
            <BrokenRefInspector entry={selectedEntry} onDelete={() => remove(selectedEntry.index)} />
          ) : page ? (
            <PageInspector page={page} issues={pageLevelIssues} onChange={changePage} resolveRef={resolveRef} media={media} onFileAction={fileAction(file)} />
          ) : entryAt && entryDoc ? (
            <EntryInspector
              collection={entryAt.collection}
              slug={entryAt.slug}
              data={entryDoc.data as Record<string, unknown>}
              issues={entryFormIssues}
              onChange={changeEntry}
              resolveRef={resolveRef}
              media={media}
              relationOptions={relationOptions}
              onFileAction={fileAction(openEntryFile)}
            />
          ) : null}
        </aside>
      </div>

      {undo && (
        <div className="toast" role="status">
          {undo.sharedFile ? `Removed the link to the shared ${undo.label} from this page; src/data/${undo.sharedFile} stays.` : `Deleted ${undo.label}.`}
          <button type="button" className="btn btn-small" onClick={restore}>
            Undo
          </button>
        </div>
      )}

      {ops.request && (
        <ContentOpsDialog key={JSON.stringify(ops.request)} request={ops.request} docs={docs} dirtyCount={dirtyDocs.length} saving={saving} onSave={saveNow} onApplied={(done) => void ops.applied(done)} onClose={ops.closeOp} />
      )}
      {ops.problemsOpen && <ProblemsPanel files={ops.problems} docs={docs} onOpen={ops.openProblem} onRefresh={() => void ops.refreshProblems()} onClose={() => ops.setProblemsOpen(false)} />}
      {dialog?.kind === 'picker' && <SectionPicker onPick={addOfType} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'new-page' && <NewPageDialog existing={existingSlugs} onCreate={createPage} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'new-entry' && (
        <NewEntryDialog collection={dialog.collection} existing={entrySlugsOf(dialog.collection)} onCreate={(entrySlug) => createEntry(dialog.collection, entrySlug)} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'conflict' && (
        <ConflictDialog
          name={dialog.file}
          onClose={() => setDialog(null)}
          onReload={() => void reloadFromDisk(dialog.file)}
          onOverwrite={() => {
            const { file: conflict, currentVersion } = dialog;
            setDialog(null);
            void save({ overwrite: { [conflict]: currentVersion } });
          }}
        />
      )}
    </div>
  );
}
