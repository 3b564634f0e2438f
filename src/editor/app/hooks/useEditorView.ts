/**
 * What the layout shows, derived from the store's state and memoized so a
 * keystroke recomputes only what it changed: the lists on the left keep
 * their identity while their rows are unchanged, the outline and issue
 * counts follow the open page, the inspector's issues follow its target.
 */
import { useMemo } from 'react';
import { getAt, isDirty, type StoredSection } from '../../lib/model';
import { stepNames } from '../../lib/history';
import { entryPageSlug } from '../../lib/entries';
import { countedFiles } from '../../lib/doc-name';
import { countBySection, docIssues, issuesUnder, mergeIssues, NO_ISSUES } from '../../lib/store/issues';
import { openEntry, openPage, pageOutline, sectionTarget } from '../../lib/store/selectors';
import type { EditorState } from '../../lib/store/state';
import type { IssueMap } from '../../lib/validate';
import { entryRows } from '../CollectionTree';
import { pageRows } from '../PageTree';
import { useStableValue } from '../useStableCallback';
import { collectionNames } from '../../../collections/registry';
import { shownServerIssues } from '../../lib/store/server-marks';
import { SITE_SETTINGS_FILE, SITE_SETTINGS_ROUTE } from '../../lib/site-settings';

export function useEditorView(state: EditorState) {
  const { docs, route, selection, serverIssues } = state;
  const page = useMemo(() => openPage({ route, docs }), [route, docs]);
  const entry = useMemo(() => openEntry({ route }), [route]);
  const entryDoc = entry ? docs[entry.file] : undefined;
  const entryPage = entry ? entryPageSlug(docs, entry.collection, entry.slug) : undefined;
  const entries = useMemo(() => pageOutline({ route, docs }), [route, docs]);
  const dirtyDocs = useMemo(() => Object.values(docs).filter(isDirty), [docs]);
  // "2 pages and 1 post": a string, so the top bar does not render again while typing changes nothing of it.
  const unsaved = useMemo(() => countedFiles(dirtyDocs.map((doc) => doc.file)), [dirtyDocs]);
  // The site settings' form is open (`/editor/~site`): the settings document, or undefined while there is none.
  const settingsOpen = route === SITE_SETTINGS_ROUTE;
  const settingsDoc = settingsOpen ? docs[SITE_SETTINGS_FILE] : undefined;

  const selectedEntry = selection !== null ? entries[selection] : undefined;
  const target = sectionTarget(selectedEntry, page?.file);
  const targetKey = target && `${target.file}#${target.path.join('.')}`;
  const selectedSection = target ? (getAt(docs[target.file]?.data, target.path.map(String)) as StoredSection | undefined) : undefined;

  const issuesByFile = useMemo(() => {
    const result: Record<string, IssueMap> = {};
    for (const doc of Object.values(docs)) if (isDirty(doc) || doc.file === page?.file || doc.file === entry?.file || doc === settingsDoc) result[doc.file] = docIssues(doc, docs);
    return result;
  }, [docs, page?.file, entry?.file, settingsDoc]);
  const issuesOf = (file: string | undefined) => (file ? mergeIssues(shownServerIssues(serverIssues[file], docs[file]?.data), issuesByFile[file] ?? (docs[file] ? docIssues(docs[file], docs) : NO_ISSUES)) : NO_ISSUES);

  const entryIssues = useMemo(() => issuesOf(entry?.file), [entry?.file, serverIssues, issuesByFile]);
  const settingsIssues = useMemo(() => issuesOf(settingsOpen ? SITE_SETTINGS_FILE : undefined), [settingsOpen, serverIssues, issuesByFile]);
  const inspectorIssues = useMemo(() => (target ? issuesUnder(issuesOf(target.file), target.path.join('.')) : NO_ISSUES), [targetKey, serverIssues, issuesByFile]);
  const pageLevelIssues = useMemo(() => {
    const all = issuesOf(page?.file);
    return new Map([...all].filter(([key]) => !key.startsWith('sections.') || key.split('.').length === 2));
  }, [page?.file, serverIssues, issuesByFile]);
  const issueCounts = useMemo(() => {
    // One pass over the page's issues, rather than one per section.
    const inPage = countBySection(issuesByFile[page?.file ?? ''] ?? NO_ISSUES);
    return entries.map((row) =>
      row.shared && !('broken' in row.shared) ? issuesUnder(issuesByFile[row.shared.file] ?? NO_ISSUES, row.shared.tokens.join('.')).size : (inPage.get(row.index) ?? 0),
    );
  }, [entries, issuesByFile, page?.file]);

  // The lists on the left, as plain rows that keep their identity while unchanged, so typing does not render them.
  const pages = useStableValue(pageRows(docs));
  const entryLists = useStableValue(Object.fromEntries(collectionNames.map((name) => [name, entryRows(docs, name)])));
  // The topbar's history, stable while typing (typing coalesces into one step, so no label changes, and its time only by the minute).
  const names = stepNames([...state.history.past, ...state.history.future]);
  const past = useStableValue(names.slice(0, state.history.past.length));
  const future = useStableValue(names.slice(state.history.past.length));
  const previewFiles = useMemo(() => Object.fromEntries(dirtyDocs.map((doc) => [doc.file, doc.data])), [dirtyDocs]);

  return {
    page, entry, entryDoc, entryPage, entries, settingsOpen, settingsDoc, settingsIssues, dirtyDocs, unsaved, selectedEntry, target, selectedSection,
    entryIssues, inspectorIssues, pageLevelIssues, issueCounts, pages, entryLists, past, future, previewFiles,
  };
}

export type EditorView = ReturnType<typeof useEditorView>;
