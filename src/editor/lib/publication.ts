/**
 * A page's or entry's publication status as the editor shows and sets it:
 * the engine's own rule (src/engine/publication.ts) read from the unsaved
 * document, its words ("Draft", "Scheduled for 1 Dec 2026, 10:00",
 * "Published"), and the document with a new status. Pure, so the commands
 * and their tests need no browser.
 */
import { hasPublication as hasPublicationFile, publicationState, type PublicationState } from '../../engine/publication';
import { parsePublishAt } from '../../engine/schema/publication';
import { collectionRegistry } from '../../collections/registry';
import { entriesOf, entryCollectionOf, entryLabel, entryNounOf, templatePageOf } from './entries';
import { pageTitle, type Docs, type EditorDoc, type StoredPage } from './model';

export interface PublicationStatus {
  state: PublicationState;
  /** For a scheduled document: when it goes public. */
  at?: Date;
}

/**
 * Which documents have a status: pages and collection entries, not shared sections, nor the 404 page
 * (always public), unless it holds a draft status or a schedule from before that rule: the server
 * refuses those, and Publish is how the editor takes them off.
 */
export function hasPublication(doc: Pick<EditorDoc, 'file' | 'data'>): boolean {
  if (hasPublicationFile(doc.file)) return true;
  const { status, publishAt } = (typeof doc.data === 'object' && doc.data !== null ? doc.data : {}) as { status?: unknown; publishAt?: unknown };
  return doc.file.startsWith('pages/') && (status === 'draft' || publishAt !== undefined);
}

export function publicationStatus(data: unknown, now: Date): PublicationStatus {
  const state = publicationState(data, now);
  if (state !== 'scheduled') return { state };
  return { state, at: parsePublishAt((data as { publishAt?: unknown }).publishAt)! };
}

/** Whether visitors get `doc` at `now`: its saved data (what the server has), not the unsaved edits; a new file is not public. */
export function isPublicAsSaved(doc: Pick<EditorDoc, 'savedJson'>, now: Date): boolean {
  return doc.savedJson !== '' && publicationState(JSON.parse(doc.savedJson), now) === 'published';
}

/** Why `at` cannot be a publication time, `now` being now: not a date, or already past. */
export function scheduleProblem(at: Date, now: Date): string | undefined {
  if (Number.isNaN(at.getTime())) return 'Pick a date and a time.';
  if (at.getTime() <= now.getTime()) return 'That time has passed: pick a later one.';
  return undefined;
}

/** A date and time in the reader's own time zone and words (`formatDate` is fixed in tests). */
export const localDateTime = (at: Date) => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(at);

/** "Draft", "Scheduled for <date, local time>" or "Published". */
export function statusText(status: PublicationStatus, formatDate: (at: Date) => string = localDateTime): string {
  if (status.state === 'draft') return 'Draft';
  if (status.state === 'scheduled') return `Scheduled for ${formatDate(status.at!)}`;
  return 'Published';
}

/**
 * The status as saved, for a status box that shows an unsaved one: Publish, Unpublish and Schedule
 * change the document like any edit, and visitors see the change only once it is saved. Undefined
 * when nothing is pending (a new document still a draft is not public, as saved or not).
 */
export function pendingStatus(status: PublicationStatus, savedJson: string, now: Date): { saved: PublicationStatus | null } | undefined {
  const saved = savedJson === '' ? null : publicationStatus(JSON.parse(savedJson), now);
  if (saved === null) return status.state === 'draft' ? undefined : { saved };
  return saved.state === status.state && saved.at?.getTime() === status.at?.getTime() ? undefined : { saved };
}

/**
 * An unsaved status in words: "Published when you save", and what visitors get until then. When
 * the document is public now and the new status is not, Save takes it offline at once (a schedule
 * not yet due is absent, like a draft), and the hint says so plainly, flagged `offline` to stand
 * out: a page scheduled while live said only "Until you save, visitors still see it" (QA).
 */
export function pendingStatusText(status: PublicationStatus, saved: PublicationStatus | null, formatDate: (at: Date) => string = localDateTime, noun = 'page'): { text: string; hint: string; offline?: true } {
  const text = `${statusText(status, formatDate)} when you save`;
  if (saved?.state === 'published' && status.state !== 'published') {
    const until = status.state === 'scheduled' ? ` until ${formatDate(status.at!)}` : '';
    return { text, hint: `Visitors see this ${noun} now. Once you save, they stop seeing it${until}.`, offline: true };
  }
  const until = saved === null || saved.state === 'draft' ? 'visitors do not see it.' : `it stays scheduled for ${formatDate(saved.at!)}.`;
  return { text, hint: `Until you save, ${until}` };
}

/**
 * What a document's status does beyond the document, in a sentence (undefined: nothing). A template
 * page's status is that of every entry's page, and an entry's page is public only when its template
 * page is too: neither hides pages without saying so.
 */
export function publicationReach(docs: Docs, file: string, now: Date, formatDate: (at: Date) => string = localDateTime): string | undefined {
  const doc = docs[file];
  const collection = doc?.kind === 'page' ? (doc.data as Partial<StoredPage> | undefined)?.template?.collection : doc?.kind === 'entry' ? entryCollectionOf(doc) : undefined;
  if (!doc || !collection) return undefined;
  const noun = entryNounOf(collection);
  if (doc.kind === 'page') {
    const count = entriesOf(docs, collection).length;
    const them = `${count} ${count === 1 ? noun : (collectionRegistry.get(collection)?.label ?? collection).toLowerCase()}`;
    const status = publicationStatus(doc.data, now);
    if (status.state === 'draft') return `This page shows each of the ${them}: while it is a draft, visitors see none of them.`;
    if (status.state === 'scheduled') return `This page shows each of the ${them}: visitors see none of them before ${formatDate(status.at!)}.`;
    return `This page shows each of the ${them}: unpublishing it hides them all.`;
  }
  const template = templatePageOf(docs, collection);
  const status = template && publicationStatus(template.data, now);
  if (status?.state === 'draft') return `The page every ${noun} is shown on is a draft: visitors see this ${noun} only once that page is published.`;
  if (status?.state === 'scheduled') return `The page every ${noun} is shown on is scheduled: visitors see this ${noun} from ${formatDate(status.at!)} at the earliest.`;
  return undefined;
}

/** How a history step names the document: page “About”, post “Hello”. */
export function documentName(doc: EditorDoc): string {
  if (doc.kind === 'entry') return `${entryNounOf(entryCollectionOf(doc))} “${entryLabel(doc)}”`;
  return `page “${pageTitle(doc.data, doc.saveSlug)}”`;
}

/** `data` with its publication fields set: `status` always, `publishAt` only when given (absent: removed). */
export function withPublication(data: unknown, status: 'draft' | 'published', publishAt?: string): Record<string, unknown> {
  const { publishAt: _old, ...rest } = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
  return { ...rest, status, ...(publishAt !== undefined ? { publishAt } : {}) };
}

/** `YYYY-MM-DDTHH:mm` in local time, what a datetime-local input holds. */
export function localInputValue(at: Date): string {
  const local = new Date(at.getTime() - at.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

/**
 * An entry's date field when it disagrees with the day visitors first get it (in the editor's time
 * zone), and the day to offer instead: a scheduled entry dated earlier than it goes live (it would
 * sort below newer ones), or a published one dated in the future (`later`: it would sit above
 * everything published meanwhile; a post scheduled, dated that day, then published at once did).
 */
export function scheduledDateNote(collection: string | undefined, data: unknown, now: Date): { field: string; shown: string; day: string; later: boolean } | undefined {
  const field = collection === undefined ? undefined : collectionRegistry.get(collection)?.dateField;
  const status = publicationStatus(data, now);
  if (!field || status.state === 'draft' || typeof data !== 'object' || data === null) return undefined;
  const shown = (data as Record<string, unknown>)[field];
  if (typeof shown !== 'string') return undefined;
  const day = localInputValue(status.state === 'scheduled' ? status.at! : now).slice(0, 'YYYY-MM-DD'.length);
  if (status.state === 'scheduled') return shown < day ? { field, shown, day, later: false } : undefined;
  return shown > day ? { field, shown, day, later: true } : undefined;
}
