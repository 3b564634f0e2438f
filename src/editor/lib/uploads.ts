/**
 * The media library's upload queue as pure state changes over a list of
 * items: queued, renamed, started, progressing, finished, failed, dismissed.
 * The library's hook (app/media/useUploadQueue.ts) calls them; reading files
 * and sending requests stay there.
 */
import { fileProblem, formatBytes, nextFreeName, suggestFilename, type ContentType } from './media';

export type UploadStatus = 'rejected' | 'ready' | 'uploading' | 'conflict';

export interface UploadItem {
  id: number;
  file: File;
  /** An object URL of the file, for its thumbnail. */
  preview: string | null;
  /** The name it is stored under; editable until it is sent. */
  name: string;
  status: UploadStatus;
  /** Why it was refused, or the server's answer to the last attempt. */
  message?: string;
  /** After a name conflict: whether Replace can mend it (not when the taken name differs in capitals only). */
  replaceable?: boolean;
  /** The name the server refused this file under (400): sending it again unchanged would be refused again. */
  refusedAs?: string;
  /** 0 to 1. */
  progress: number;
}

type Items = readonly UploadItem[];

const changeItem = (items: Items, id: number, change: Partial<UploadItem>): UploadItem[] => items.map((item) => (item.id === id ? { ...item, ...change } : item));

/**
 * A file as a queue item: ready to upload under a suggested name, or rejected with the reason.
 * `content`: what its first bytes say it is, when they could be read. `preview` is made only for a
 * file that can be sent.
 */
export function newUpload(id: number, file: File, maxUploadBytes: number, preview: (file: File) => string, content?: ContentType): UploadItem {
  const problem = fileProblem(file, maxUploadBytes, content);
  if (problem) return { id, file, preview: null, name: file.name, status: 'rejected', message: problem, progress: 0 };
  return { id, file, preview: preview(file), name: suggestFilename(file.name, file.type), status: 'ready', progress: 0 };
}

export const queueUpload = (items: Items, added: readonly UploadItem[]): UploadItem[] => [...items, ...added];

export const renameUpload = (items: Items, id: number, name: string) => changeItem(items, id, { name });

export const uploadStarted = (items: Items, id: number) => changeItem(items, id, { status: 'uploading', progress: 0, message: undefined });

export const uploadProgressed = (items: Items, id: number, progress: number) => changeItem(items, id, { progress });

/** The file could not be read in the browser: it stays ready, with the reason. */
export const uploadUnreadable = (items: Items, id: number, reason: string) => changeItem(items, id, { status: 'ready', message: `The file could not be read: ${reason}` });

/** Whether the item can be sent as it is: not when the server refused it under this very name (a text file named .png, say). */
export const canSendAgain = (item: UploadItem) => item.status === 'ready' && item.refusedAs !== item.name;

/** The server refused the upload (`status` is its HTTP status): a conflict can be renamed or replaced, a file too large is rejected, anything else can be retried. */
export function uploadFailed(items: Items, id: number, failure: { status?: number; error: string; caseTwin?: boolean }, maxUploadBytes: number): UploadItem[] {
  const name = items.find((item) => item.id === id)?.name ?? '';
  switch (failure.status) {
    case 409:
      // A name taken in other capitals ("Photo.png" for "photo.png") would be one file on macOS and Windows: only a new name mends it.
      return failure.caseTwin
        ? changeItem(items, id, { status: 'conflict', replaceable: false, message: `An image named “${name}” in other capitals is already in the library: on Mac and Windows the two would be one file. Use a new name.` })
        : changeItem(items, id, { status: 'conflict', replaceable: true, message: `A different image named “${name}” is already in the library.` });
    case 413:
      return changeItem(items, id, { status: 'rejected', message: `“${name}” is too large: images can be at most ${formatBytes(maxUploadBytes)}.` });
    case 400:
      return changeItem(items, id, { status: 'ready', refusedAs: name, message: `The server refused “${name}”: ${failure.error}` });
    default:
      return changeItem(items, id, { status: 'ready', message: `The upload of “${name}” failed: ${failure.error}` });
  }
}

/** After a name conflict: the first free name beside the taken ones, ready to send again. */
export function renameAfterConflict(items: Items, id: number, takenNames: readonly string[]): UploadItem[] {
  const item = items.find((candidate) => candidate.id === id);
  return item ? changeItem(items, id, { status: 'ready', name: nextFreeName(item.name, takenNames), message: undefined }) : [...items];
}

/** An upload that finished, was cancelled or was dismissed leaves the queue. */
export const dismissUpload = (items: Items, id: number): UploadItem[] => items.filter((item) => item.id !== id);
export const uploadFinished = dismissUpload;

/** Whether items other than `id` still wait to be sent or are being sent (a rejected one is only a message). */
export const othersPending = (items: Items, id: number) => items.some((item) => item.id !== id && item.status !== 'rejected');
