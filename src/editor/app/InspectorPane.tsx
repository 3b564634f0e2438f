/**
 * The right-hand column: the form of the selected section, of the page's
 * settings, or of the open entry. Its callbacks keep their identity while
 * the target is the same, so the memoized fields render only what changed.
 */
import { useCallback, useMemo, useRef } from 'react';
import { HEX_COLOUR } from '../../engine/schema/primitives';
import { slugOfPageFile } from '../../engine/routes';
import { ALWAYS_PUBLIC_PAGES } from '../../engine/slug';
import { docName, lockedBecause } from '../lib/content-ops';
import { movedWithinEnds, pinnedAt, sectionEnds } from '../lib/section-order';
import { entryStarterCopy, pageStarterCopy, sectionStarterCopy } from '../lib/starter-copy';
import { followRefs, type Docs } from '../lib/model';
import { entriesOf, entryLabel, entryNounOf, entryPagePrefix, entrySlugOf } from '../lib/entries';
import { hasPublication, pendingStatus, publicationReach, publicationStatus, scheduledDateNote } from '../lib/publication';
import { linksToHiddenNote } from '../lib/page-links';
import { useMarkdownReader } from './hooks/useMarkdownReader';
import { mayWrite, readOnlyNote } from '../lib/permissions';
import { describeSharedUse, sharedUse } from '../lib/shared-use';
import { SITE_SETTINGS_FILE } from '../lib/site-settings';
import type { EditorState } from '../lib/store/state';
import { refPlaceLabel } from '../lib/store/labels';
import type { Path, RelationOption } from './fields';
import type { EditorDispatch } from './hooks/useEditorStore';
import type { EditorView } from './hooks/useEditorView';
import { BrokenRefInspector, SectionInspector } from './Inspector';
import { EntryInspector, PageInspector, type FileAction } from './DocumentInspectors';
import type { MediaOptions } from './media/media-options';
import { PublicationControl } from './PublicationControl';
import { SettingsInspector } from './SettingsInspector';

interface Props {
  state: EditorState;
  view: EditorView;
  dispatch: EditorDispatch;
  media: MediaOptions;
}


/** What relation fields (a post's tags) offer: the collection's entries, in their unsaved state. */
function relationOptionsOf(docs: Docs) {
  const byCollection = new Map<string, RelationOption[]>();
  return (collection: string) => {
    let options = byCollection.get(collection);
    if (!options) {
      options = entriesOf(docs, collection).map((entry) => {
        const accent = (entry.data as { accent?: unknown } | undefined)?.accent;
        return { slug: entrySlugOf(entry), label: entryLabel(entry), accent: typeof accent === 'string' && HEX_COLOUR.test(accent) ? accent : undefined };
      });
      byCollection.set(collection, options);
    }
    return options;
  };
}

export function InspectorPane({ state, view, dispatch, media }: Props) {
  const { docs } = state;
  const { page, entry, entryDoc, selectedEntry, target, selectedSection } = view;
  const targetFile = target?.file;
  const targetPath = target?.path.join('/');
  // Links inside texts to an open page or entry that visitors do not get yet are named once the Markdown reader has loaded; it loads only then.
  const openData = page ? page.page : entry && entryDoc ? entryDoc.data : undefined;
  const markdown = useMarkdownReader(openData !== undefined && publicationStatus(openData, new Date()).state !== 'published');

  const edit = (file: string | undefined, prefix: Path) => (path: Path, value: unknown) => file && dispatch({ type: 'editField', file, path: [...prefix, ...path], value });
  const changeSection = useCallback(edit(targetFile, target?.path ?? []), [targetFile, targetPath, dispatch]);
  const removeSectionField = useCallback(
    (path: Path) => targetFile && dispatch({ type: 'removeField', file: targetFile, path: [...(target?.path ?? []), ...path] }),
    [targetFile, targetPath, dispatch],
  );
  const changePage = useCallback(edit(page?.file, []), [page?.file, dispatch]);
  const remove = (file: string | undefined) => (path: Path) => file && dispatch({ type: 'removeField', file, path });
  const removePageField = useCallback(remove(page?.file), [page?.file, dispatch]);
  const removeEntryField = useCallback(remove(entry?.file), [entry?.file, dispatch]);
  const changeEntry = useCallback(edit(entry?.file, []), [entry?.file, dispatch]);
  const changeSettings = useCallback(edit(view.settingsDoc?.file, []), [view.settingsDoc?.file, dispatch]);
  const relationOptions = useMemo(() => relationOptionsOf(docs), [docs]);
  // Reads the docs at call time (a Detach click), so it need not change identity on every edit.
  const docsNow = useRef(docs);
  docsNow.current = docs;
  const resolveRef = useCallback(
    (ref: string) => {
      const at = followRefs({ $ref: ref }, targetFile ?? page?.file ?? entry?.file ?? '', docsNow.current);
      return at && { value: at.value, place: refPlaceLabel(docsNow.current, at.file, at.tokens) };
    },
    [targetFile, page?.file, entry?.file],
  );

  // No Rename… or Delete… where neither can happen (the home page, templates, a file the role may not change); the dialog explains other refusals.
  const { user } = state.session;
  // A page or entry never saved has Discard instead (its Change address… and Delete… need a saved file).
  const beingSaved = (file: string) => state.save.status === 'saving' && state.save.files.includes(file);
  const unsaved = (file: string | undefined) => file !== undefined && docs[file]?.version === null && (docs[file]?.kind === 'page' || docs[file]?.kind === 'entry') && !beingSaved(file);
  const fileAction = (file: string | undefined) =>
    unsaved(file) && mayWrite(user, file!)
      ? () => dispatch({ type: 'discardNewDocument', file: file! })
      : file && docs[file]?.version !== null && mayWrite(user, file) && !lockedBecause(docs, { type: 'doc', file })
        ? (action: FileAction) => action !== 'discard' && dispatch({ type: 'requestOp', op: { action, target: { type: 'doc', file } } })
        : undefined;


  if (page && selectedEntry && selectedSection && typeof selectedSection === 'object') {
    const index = selectedEntry.index;
    // The header and footer stay put, and nothing moves past them (section-order.ts).
    const ends = sectionEnds(view.entries);
    const pinned = pinnedAt(ends, index) !== undefined;
    return (
      <SectionInspector
        entry={selectedEntry}
        section={selectedSection}
        issues={view.inspectorIssues}
        isFirst={pinned || movedWithinEnds(ends, index - 1) === index}
        isLast={pinned || movedWithinEnds(ends, index + 1) === index}
        onChange={changeSection}
        onRemoveField={removeSectionField}
        resolveRef={resolveRef}
        media={media}
        onMove={(delta) => dispatch({ type: 'moveSection', from: index, to: index + delta })}
        onDuplicate={() => dispatch({ type: 'duplicateSection', index })}
        onDelete={() => dispatch({ type: 'removeSection', index })}
        onFileAction={fileAction(targetFile !== page.file ? targetFile : undefined)}
        readOnly={targetFile && !mayWrite(user, targetFile) ? readOnlyNote(targetFile) : undefined}
        sharedReach={targetFile && targetFile !== page.file ? describeSharedUse(sharedUse(docs, targetFile)) : undefined}
        sampleText={sectionStarterCopy(selectedSection.type, selectedSection.data)}
      />
    );
  }
  if (view.settingsOpen) {
    const file = view.settingsDoc?.file;
    return (
      <SettingsInspector
        data={view.settingsDoc?.data as Record<string, unknown> | undefined}
        issues={view.settingsIssues}
        onChange={changeSettings}
        resolveRef={resolveRef}
        media={media}
        readOnly={file && !mayWrite(user, file) ? readOnlyNote(file) : undefined}
        unreadable={state.site.problems.find((problem) => problem.file === SITE_SETTINGS_FILE)?.message}
      />
    );
  }
  if (page && selectedEntry) return <BrokenRefInspector entry={selectedEntry} onDelete={() => dispatch({ type: 'removeSection', index: selectedEntry.index })} />;
  // Publish, Unpublish and Schedule… of the open page or entry, as store commands.
  const publication = (file: string, data: unknown, noun: string, starterCopy: readonly string[], pageless = false, collection?: string) => {
    const now = new Date();
    const status = publicationStatus(data, now);
    const dated = scheduledDateNote(collection, data, now);
    return (
      <PublicationControl
        status={status}
        pending={pendingStatus(status, docs[file]?.savedJson ?? '', now)}
        noun={noun}
        pageless={pageless}
        alwaysPublic={hasPublication({ file, data }) ? undefined : (ALWAYS_PUBLIC_PAGES.get(slugOfPageFile(file)) ?? 'a page visitors always get')}
        links={status.state === 'published' ? undefined : linksToHiddenNote(docs, file, (from) => docName(docs, from), markdown)}
        reach={publicationReach(docs, file, now)}
        readOnly={!mayWrite(user, file)}
        onPublish={() => dispatch({ type: 'publishDocument', file })}
        onUnpublish={() => dispatch({ type: 'unpublishDocument', file })}
        onSchedule={(at) => dispatch({ type: 'scheduleDocument', file, at })}
        starterCopy={starterCopy}
        dateNote={dated && { shown: dated.shown, day: dated.day, later: dated.later, onUse: () => changeEntry([dated.field], dated.day) }}
      />
    );
  };
  if (page) return <PageInspector key={page.file} page={page.page} issues={view.pageLevelIssues} onChange={changePage} onRemoveField={removePageField} resolveRef={resolveRef} media={media} onFileAction={fileAction(page.file)} unsaved={unsaved(page.file)} publication={publication(page.file, page.page, 'page', pageStarterCopy(page.page, page.slug, docs))} />;
  if (entry && entryDoc) {
    return (
      <EntryInspector
        // A form of its own per document: a field's own state (a text shown as Markdown for its
        // reasons, a half-typed link) once carried over to the next entry opened.
        key={entry.file}
        collection={entry.collection}
        slug={entry.slug}
        data={entryDoc.data as Record<string, unknown>}
        issues={view.entryIssues}
        onChange={changeEntry}
        onRemoveField={removeEntryField}
        resolveRef={resolveRef}
        media={media}
        relationOptions={relationOptions}
        onFileAction={fileAction(entry.file)}
        unsaved={unsaved(entry.file)}
        publication={publication(entry.file, entryDoc.data, entryNounOf(entry.collection), entryStarterCopy(entry.collection, entry.slug, entryDoc.data), entryPagePrefix(docs, entry.collection) === undefined, entry.collection)}
      />
    );
  }
  return null;
}
