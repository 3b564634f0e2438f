/**
 * The content store's filesystem backend, the default: data files under
 * src/data, uploaded images in the images folder, committed together by one
 * journaled transaction (fs-transaction.ts).
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { readDataText } from '../../engine/data-files';
import type { ContentSnapshot } from '../../engine/snapshot';
import { containedPath } from '../paths';
import { contentVersion } from '../version';
import { IMAGES_PREFIX, isImageFile } from './changeset';
import type { StoreBackend } from './content-store';
import { createFsTransactions, type Step } from './fs-transaction';

export interface FsBackendOptions {
  dataRoot: string;
  imagesDir: string;
  /** Where journals of changes in progress live: on the same filesystem, outside anything served or read as content. */
  journalDir: string;
  loadSnapshot: () => Promise<ContentSnapshot>;
}

/** The version of an image: a hash of its bytes. */
export const bytesVersion = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('base64url').slice(0, 27);

/** The version of a data file's text: the hash of its JSON (so formatting alone is no change), or of its bytes when it is not read as JSON (readDataText). */
export function textVersion(bytes: Buffer): string {
  const read = readDataText(bytes.toString('utf8'));
  return read.broken === undefined ? contentVersion(read.value) : `unparsed-${bytesVersion(bytes)}`;
}

export function createFsBackend(options: FsBackendOptions): StoreBackend {
  const transactions = createFsTransactions(options.journalDir, [options.dataRoot, options.imagesDir]);
  /** The file's path, proven inside its folder (no `..`, no link out of it). */
  const pathOf = (file: string) =>
    isImageFile(file) ? containedPath(options.imagesDir, [file.slice(IMAGES_PREFIX.length)]) : containedPath(options.dataRoot, file.split('/'));

  return {
    async version(file) {
      try {
        const bytes = await readFile(await pathOf(file));
        return isImageFile(file) ? bytesVersion(bytes) : textVersion(bytes);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    snapshot: options.loadSnapshot,
    async commit(writes) {
      const steps: Step[] = [];
      for (const write of writes) {
        const target = await pathOf(write.file);
        if (write.kind === 'write') steps.push({ kind: 'write', target, data: write.data });
        else if (write.kind === 'remove') steps.push({ kind: 'remove', target });
        else steps.push({ kind: 'move', from: target, to: await pathOf(write.to) });
      }
      await transactions.commit(steps);
      return {};
    },
    recover: () => transactions.recover({ sweepTemps: false }),
  };
}

