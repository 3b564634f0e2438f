/**
 * The one content store: every write to a data file or an uploaded image goes
 * through `apply`, as a changeset that applies whole or not at all.
 *
 * Under one lock per store, it checks every `baseVersion` against the files
 * as they are (409 with every conflict), plans the change (references kept
 * whole), validates the site after it (400 with every issue), and commits the
 * files in one transaction. The check and the write are one step, so of two
 * changesets based on the same version exactly one wins.
 *
 * The backend is the part that reads a file's version, reads the snapshot, and
 * commits steps: the filesystem (fs-backend.ts, the default) or a git working
 * tree where each changeset is one commit (git-backend.ts).
 */
import { contentVersion } from '../version';
import { HttpError } from '../errors';
import { serialised } from '../serialise';
import type { ContentSnapshot } from '../../engine/snapshot';
import { IMAGES_PREFIX, type Change, type Changeset } from './changeset';
import { bytesVersion } from './fs-backend';
import { planChangeset } from './plan';
import { MAX_DATA_FILE_BYTES, megabytes } from '../../engine/data-files';
import { validatePlan } from './validate';
import { commitMessage } from './commit-message';
import { caseTwinIssues, imageFiles } from './file-name-case';
import { imageWithdrawn } from '../../../server/withdrawn-images.mjs';
import { refuseEndedRedirects, refuseReplacingOthersImage, type MayWrite } from './admin-only';
import { ChangedWhilePlannedError, conflictsOf, refuseChangedSincePlanned } from './version-checks';

export type { Conflict } from './version-checks';

/** One write of a commit, by file relative to src/data (images: `assets/images/<name>`). */
export type StoreWrite = { kind: 'write'; file: string; data: string | Uint8Array } | { kind: 'remove'; file: string } | { kind: 'move'; file: string; to: string };

/** Who made a change. */
export interface Author {
  name: string;
  email: string;
}

/** What a backend that keeps history records with a change. */
export interface CommitDetails {
  message: string;
  author?: Author;
}

export interface StoreBackend {
  /** The version of a file as stored now, or undefined when it does not exist. */
  version(file: string): Promise<string | undefined>;
  /** The content as stored now. */
  snapshot(): Promise<ContentSnapshot>;
  /** Writes every step, or none; a backend with history says which commit recorded them. */
  commit(writes: StoreWrite[], details: CommitDetails): Promise<{ commit?: string }>;
  /** Completes or undoes what a crash interrupted; runs once before the first change. */
  recover(): Promise<void>;
  /** Takes in changes made elsewhere (a git remote), where there is such a place. */
  sync?(): Promise<{ head: string; changed: boolean }>;
  /** Puts back what was changed in its files by hand and never committed, where no one else's work can be there (uncommitted-content.ts). */
  tidy?(): Promise<void>;
  /** A backend with history: the newest version of a data file it recorded readable, if any (committed-readable.ts). */
  committedReadable?(file: string): Promise<unknown>;
}

/**
 * Thrown by a backend's commit when the shared copy moved past the one the change was planned
 * on (a git remote that took someone else's push). The backend has put its files back exactly
 * as the shared copy now is; the store plans, checks and commits the change again on top.
 */
export class BaseMovedError extends Error {}

/** How many times a change is planned again on a base that keeps moving before it is refused. */
export const MAX_REPLANS = 5;

export interface ApplyResult {
  /** The new version of every file written, and `null` for every file removed. */
  versions: Record<string, string | null>;
  /** Files the changeset did not name that were rewritten to keep references whole. */
  rewritten: string[];
  /** The commit that records the change, with the git backend (absent when nothing changed). */
  commit?: string;
}

/** The one way content is stored: two-space JSON with a final newline, keys in their given order, so one edit is a one-line diff. */
export const formatDocument = (document: unknown) => `${JSON.stringify(document, null, 2)}\n`;

/**
 * A move or a delete rewrites, or checks, the references in every file (`$ref`s, image URLs, the
 * redirects file). A file that cannot be read (not valid JSON, or a link) would be left out of
 * that, and a reference in it left dangling, or a redirects file written afresh over the
 * redirects it held. So while one is there, and the change does not replace or remove it,
 * only changes that put files are taken: they never touch a file they do not name.
 */
function refuseWhatCannotBeKeptWhole(before: ContentSnapshot, changes: readonly Change[]): void {
  const named = new Set(changes.map((change) => change.file));
  const unreadable = [...(before.refused?.().keys() ?? [])].filter((path) => !named.has(path));
  if (unreadable.length === 0 || changes.every((change) => change.op === 'put')) return;
  throw new HttpError(
    409,
    `Some files in src/data cannot be read (${unreadable.join(', ')}), so a move or delete could not keep the references in them whole; nothing was saved. Fix or remove them first; changes that only put files are still accepted.`,
  );
}

/** A file over MAX_DATA_FILE_BYTES would be refused unread by every reader (fs-snapshot.ts), so it is never written. */
function refuseTooLarge(writes: readonly StoreWrite[]): void {
  const issues = writes.flatMap((write) => {
    const bytes = write.kind === 'write' && typeof write.data === 'string' ? Buffer.byteLength(write.data) : 0;
    return bytes > MAX_DATA_FILE_BYTES ? [{ file: write.file, path: '', message: `would be ${megabytes(bytes)} as stored, over the ${megabytes(MAX_DATA_FILE_BYTES)} a data file may be: split it into several files` }] : [];
  });
  if (issues.length > 0) throw new HttpError(400, `The change would make a file too large to be read, in ${issues.map((issue) => issue.file).join(', ')}`, { issues });
}

export type { MayWrite };

export interface ContentStore {
  apply(changeset: Changeset, author?: Author, mayWrite?: MayWrite): Promise<ApplyResult>;
  /**
   * Stores an uploaded image (already checked) as its own change: the same bytes again are
   * no change; other bytes under a taken name are a 409 unless `overwrite`.
   */
  /** `mayWrite`: the files the uploader may change; a replacement shown by another is refused (refuseReplacingOthersImage). */
  putImage(name: string, bytes: Uint8Array, options: { overwrite: boolean; author?: Author; mayWrite?: MayWrite }): Promise<ApplyResult>;
  /** Takes in changes made elsewhere, under the lock; undefined when the backend has no elsewhere. */
  sync(): Promise<{ head: string; changed: boolean } | undefined>;
  /** Runs `task` under the store's lock, after recovery: for reads that must not interleave with a change. */
  exclusive<T>(task: () => Promise<T>): Promise<T>;
  /** With history (git), the newest readable version of a data file it recorded; undefined without history. */
  committedReadable?: (file: string) => Promise<unknown>;
}

export interface ContentStoreOptions {
  /**
   * Called when a change (saved or not) took in changes made elsewhere to try again on top of them
   * (BaseMovedError: the git backend moved to the remote's head). Those are committed content now,
   * which the webhook, finding the clone at the remote's head, will not announce, nor a failed save
   * or an upload: the production server publishes them on this.
   */
  afterTakingIn?: () => void;
}

export function createContentStore(backend: StoreBackend, lockKey = 'content-store', { afterTakingIn }: ContentStoreOptions = {}): ContentStore {
  let recovered: Promise<void> | undefined;
  const exclusive = <T>(task: () => Promise<T>) =>
    serialised(lockKey, async () => {
      recovered ??= backend.recover();
      await recovered;
      await backend.tidy?.();
      return task();
    });
  /**
   * Runs a whole change (check, plan, validate, commit) under the lock, again from the start
   * while the base moves, or while files change under it before the commit (version-checks.ts):
   * the version checks and the site's validation then see what others committed or edited
   * meanwhile, so a change is never combined unchecked with one it did not see.
   */
  const change = <T>(task: () => Promise<T>) =>
    exclusive(async () => {
      let tookIn = false;
      try {
        for (let attempt = 1; ; attempt += 1) {
          try {
            return await task();
          } catch (error) {
            const moved = error instanceof BaseMovedError;
            tookIn ||= moved;
            if (!moved && !(error instanceof ChangedWhilePlannedError)) throw error;
            if (attempt >= MAX_REPLANS) throw new HttpError(503, 'The content kept changing while this change was saved, so nothing was saved. Try again.');
          }
        }
      } finally {
        if (tookIn) afterTakingIn?.();
      }
    });

  return {
    exclusive,
    sync: () => exclusive(async () => backend.sync?.()),
    ...(backend.committedReadable && { committedReadable: backend.committedReadable }),

    putImage: (name, bytes, { overwrite, author, mayWrite }) =>
      change(async () => {
        const file = IMAGES_PREFIX + name;
        const current = await backend.version(file);
        const version = bytesVersion(bytes);
        if (current === version) return { versions: { [file]: version }, rewritten: [] };
        if (current !== undefined && !overwrite) {
          throw new HttpError(409, `An image named "${name}" already exists with different content; send "overwrite": true to replace it`);
        }
        if (current !== undefined) refuseReplacingOthersImage(await backend.snapshot(), name, mayWrite);
        // A new name another image has in another case would be one file on macOS and Windows (file-name-case.ts).
        const twins = current === undefined ? caseTwinIssues(imageFiles((await backend.snapshot()).uploadedImages?.() ?? []), [file]) : [];
        if (twins.length > 0) throw new HttpError(409, `An image named "${name}" ${twins[0]!.message}`, { issues: twins });
        const message = commitMessage([{ op: 'put', file, content: null, baseVersion: current ?? null }], [file]);
        const { commit } = await backend.commit([{ kind: 'write', file, data: bytes }], { message, ...(author && { author }) });
        return { versions: { [file]: version }, rewritten: [], ...(commit && { commit }) };
      }),

    apply: (changeset, author, mayWrite) =>
      change(async () => {
        const conflicts = await conflictsOf(backend, changeset.changes);
        if (conflicts.length > 0) {
          const files = conflicts.map((conflict) => conflict.file).join(', ');
          throw new HttpError(409, `Changed since it was loaded (or already exists): ${files}. Reload and try again.`, { conflicts });
        }
        const before = await backend.snapshot();
        refuseWhatCannotBeKeptWhole(before, changeset.changes);
        const plan = planChangeset(before, changeset.changes);
        refuseEndedRedirects(plan, mayWrite);
        const issues = validatePlan(before, plan);
        if (issues.length > 0) {
          const files = [...new Set(issues.map((issue) => issue.file))].join(', ');
          throw new HttpError(400, `The change would leave content that is not valid, in ${files}`, { issues });
        }
        const writes: StoreWrite[] = [];
        const versions: ApplyResult['versions'] = {};
        for (const [file, document] of plan.documents) {
          writes.push(document === undefined ? { kind: 'remove', file } : { kind: 'write', file, data: formatDocument(document) });
          versions[file] = document === undefined ? null : contentVersion(document);
        }
        refuseTooLarge(writes);
        for (const file of plan.imageRemovals) {
          writes.push({ kind: 'remove', file });
          versions[file] = null;
        }
        for (const [file, to] of plan.imageMoves) {
          writes.push({ kind: 'move', file, to });
          versions[file] = null;
          versions[to] = (await backend.version(file)) ?? null;
        }
        const message = commitMessage(changeset.changes, Object.keys(versions), changeset.message);
        await refuseChangedSincePlanned(backend, changeset.changes, before, plan.rewritten);
        const { commit } = await backend.commit(writes, { message, ...(author && { author }) });
        // An image uploaded under a withdrawn one's name later is a new image, not a replacement (server/variant-originals.mjs).
        for (const file of [...plan.imageRemovals, ...plan.imageMoves.keys()]) imageWithdrawn(file.slice(IMAGES_PREFIX.length));
        return { versions, rewritten: plan.rewritten, ...(commit && { commit }) };
      }),
  };
}
