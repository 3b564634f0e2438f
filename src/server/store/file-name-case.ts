/**
 * One file, one name in any checkout: macOS and Windows file systems do not tell letter case apart
 * (nor, on macOS, Unicode normalisations), so `Photo.png` beside `photo.png` would be one file
 * there, and a checkout of the content repository would lose one of them. The store never creates
 * a file whose name another file has in another case: not a data file (a changeset's put or move,
 * validate.ts), not an image (a move, or an upload: ContentStore.putImage, under the store's lock, so of two uploads
 * `Photo.png` and `photo.png`, however close together, the second is refused with 409).
 */
import { readablePaths, type ContentSnapshot } from '../../engine/snapshot';
import { IMAGES_PREFIX, type FileIssue } from './changeset';
import type { Plan } from './plan';

/** The name a case-insensitive, normalisation-insensitive file system knows a path by. */
const foldedName = (path: string) => path.normalize('NFC').toLowerCase();

/**
 * An issue for each of `created` (paths of files to write) that is not in `existing` and whose name
 * differs only in case from a file there (or from another of `created`), naming that file.
 */
export function caseTwinIssues(existing: Iterable<string>, created: Iterable<string>): FileIssue[] {
  const present = new Set(existing);
  const byName = new Map([...present].map((path) => [foldedName(path), path]));
  const issues: FileIssue[] = [];
  for (const path of created) {
    if (present.has(path)) continue; // written again, not created (twins from before stay as they are)
    const twin = byName.get(foldedName(path));
    if (twin !== undefined) {
      const what = present.has(twin) ? 'which exists' : 'which this change also writes';
      issues.push({ file: path, path: '', message: `differs only in letter case from ${twin}, ${what}: on macOS and Windows the two would be one file. Use that name, or another` });
    } else byName.set(foldedName(path), path);
  }
  return issues;
}

/** The images of a snapshot's listing as store files (`assets/images/a.png`). */
export const imageFiles = (names: Iterable<string>) => [...names].map((name) => IMAGES_PREFIX + name);

/** The files a changeset's plan would create beside one of the same name in another case: data files put or moved, images moved. */
export function planCaseTwinIssues(before: ContentSnapshot, plan: Plan): FileIssue[] {
  const removed = new Set([...[...plan.documents].filter(([, document]) => document === undefined).map(([file]) => file), ...plan.imageRemovals, ...plan.imageMoves.keys()]);
  const images = before.uploadedImages?.();
  const existing = [...readablePaths(before), ...(before.refused?.().keys() ?? []), ...(images ? imageFiles(images) : [])];
  const written = [...plan.documents].filter(([, document]) => document !== undefined).map(([file]) => file);
  return caseTwinIssues(
    existing.filter((file) => !removed.has(file)),
    [...written, ...plan.imageMoves.values()],
  );
}
