/**
 * The content store's version checks: a change is written only over the files it was checked and
 * planned on. The store checks once before it reads the snapshot (409 with every conflict), and
 * again just before it commits, since a file can change in between: edited by hand in
 * `astro dev`, or a file the change rewrites without naming it (a `$ref` to a moved page,
 * redirects.json), whose new content is made from the snapshot. Written anyway, such a hand
 * edit would be lost without a word.
 */
import type { ContentSnapshot } from '../../engine/snapshot';
import { contentVersion } from '../version';
import type { Change } from './changeset';
import type { StoreBackend } from './content-store';

export interface Conflict {
  file: string;
  currentVersion: string | null;
}

/** The named files that are not at the version the change is based on, and move targets that are taken. */
export async function conflictsOf(backend: StoreBackend, changes: readonly Change[]): Promise<Conflict[]> {
  const conflicts: Conflict[] = [];
  for (const change of changes) {
    const current = (await backend.version(change.file)) ?? null;
    if (change.baseVersion !== undefined && current !== change.baseVersion) conflicts.push({ file: change.file, currentVersion: current });
    if (change.op === 'move') {
      const occupied = (await backend.version(change.to)) ?? null;
      if (occupied !== null) conflicts.push({ file: change.to, currentVersion: occupied });
    }
  }
  return conflicts;
}

/**
 * Thrown just before a commit when a file changed after the change was checked and planned: the
 * store starts the change again from its checks, so a named file's new version is a 409 and a
 * rewritten file is rewritten from what it holds now.
 */
export class ChangedWhilePlannedError extends Error {}

/** Throws ChangedWhilePlannedError unless every file the change names or rewrites is still as it was when checked and read. */
export async function refuseChangedSincePlanned(backend: StoreBackend, changes: readonly Change[], planned: ContentSnapshot, rewritten: readonly string[]): Promise<void> {
  const changed: string[] = (await conflictsOf(backend, changes)).map((conflict) => conflict.file);
  for (const file of rewritten) {
    const document = planned.get(file);
    if ((await backend.version(file)) !== (document === undefined ? undefined : contentVersion(document))) changed.push(file);
  }
  if (changed.length > 0) throw new ChangedWhilePlannedError(`Changed while the change was planned: ${changed.join(', ')}`);
}
