/**
 * A page's or entry's publication status as the editor shows and sets it:
 * the engine's own rule (src/engine/publication.ts) read from the unsaved
 * document, its words ("Draft", "Scheduled for 1 Dec 2026, 10:00",
 * "Published"), and the document with a new status. Pure, so the commands
 * and their tests need no browser.
 */
import { publicationState, type PublicationState } from '../../engine/publication';
import { parsePublishAt } from '../../engine/schema/publication';
import { entryCollectionOf, entryLabel, entryNounOf } from './entries';
import type { EditorDoc, StoredPage } from './model';

export interface PublicationStatus {
  state: PublicationState;
  /** For a scheduled document: when it goes public. */
  at?: Date;
}

/** Which documents have a status: pages and collection entries, not shared sections. */
export const hasPublication = (doc: Pick<EditorDoc, 'kind'>) => doc.kind === 'page' || doc.kind === 'entry';

export function publicationStatus(data: unknown, now: Date): PublicationStatus {
  const state = publicationState(data, now);
  if (state !== 'scheduled') return { state };
  return { state, at: parsePublishAt((data as { publishAt?: unknown }).publishAt)! };
}

/** Whether visitors get `doc` at `now`: its saved data (what the server has), not the unsaved edits; a new file is not public. */
export function isPublicAsSaved(doc: Pick<EditorDoc, 'savedJson'>, now: Date): boolean {
  return doc.savedJson !== '' && publicationState(JSON.parse(doc.savedJson), now) === 'published';
}

/** A date and time in the reader's own time zone and words (`formatDate` is fixed in tests). */
export const localDateTime = (at: Date) => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(at);

/** "Draft", "Scheduled for <date, local time>" or "Published". */
export function statusText(status: PublicationStatus, formatDate: (at: Date) => string = localDateTime): string {
  if (status.state === 'draft') return 'Draft';
  if (status.state === 'scheduled') return `Scheduled for ${formatDate(status.at!)}`;
  return 'Published';
}

/** How a history step names the document: page “About”, post “Hello”. */
export function documentName(doc: EditorDoc): string {
  if (doc.kind === 'entry') return `${entryNounOf(entryCollectionOf(doc))} “${entryLabel(doc)}”`;
  const title = (doc.data as Partial<StoredPage> | undefined)?.meta?.title;
  return `page “${typeof title === 'string' && title.trim() ? title.split(' — ')[0] : doc.saveSlug}”`;
}

/** `data` with its publication fields set: `status` always, `publishAt` only when given (absent: removed). */
export function withPublication(data: unknown, status: 'draft' | 'published', publishAt?: string): Record<string, unknown> {
  const { publishAt: _old, ...rest } = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
  return { ...rest, status, ...(publishAt !== undefined ? { publishAt } : {}) };
}
