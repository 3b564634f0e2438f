/**
 * Which resolved pages a new snapshot can take over from the one before it,
 * so that a change to one page resolves one page again, not the site (the
 * production server publishes after every change, src/server/publish/).
 *
 * Snapshot loaders keep the parsed object of every file that did not change
 * (src/engine/fs-snapshot.ts), so a changed file is one whose object is not
 * the same. A page's bundle is made from its page file (for an entry page,
 * the template), its entry, and the files their `$ref`s reach; everything
 * else a bundle can read is site-wide: the collections (lists, tags, posts),
 * the routes (which pages and entries exist), the site's settings. So when
 * only page files and shared documents changed in place, every page whose
 * files are all unchanged keeps its bundle; any other change (a file added or
 * removed, a collection entry, the site settings, a template page) takes
 * over nothing.
 */
import type { PageRoute } from '../engine/routes';
import { readablePaths, type ContentSnapshot } from '../engine/snapshot';
import { collectRefs } from '../engine/schema/refs';
import { refTargetFile } from '../engine/references';
import { SITE_SETTINGS_FILE } from '../engine/schema/site-settings';

/** A change confined to this file leaves the pages that do not use it as they were. */
const isPageLocal = (path: string) => (path.startsWith('pages/') && !path.includes('[')) || (path.startsWith('shared/') && path !== SITE_SETTINGS_FILE);

/** The files changed in place from `before` to `after`; undefined when a change reaches every page. */
export function changedInPlace(before: ContentSnapshot, after: ContentSnapshot): Set<string> | undefined {
  if (before.refused?.().size || after.refused?.().size) return undefined;
  // The same files must be listed: a public snapshot still reads a hidden file (drafts, schedules),
  // so a page made public or hidden shows only in the listing, never in get().
  const listed = new Set(before.paths());
  let count = 0;
  for (const path of after.paths()) {
    count += 1;
    if (!listed.has(path)) return undefined;
  }
  if (count !== listed.size) return undefined;
  // Then every file either can read. A hidden file is read only through the `$ref`s of the pages
  // that include it (no list or route names it), so a change to it is confined to those pages,
  // whatever its folder; a hidden page's edit once left them with their old text. So is one added
  // or removed (a new draft): a page reaches it only by a `$ref` that names it, found or not.
  const unseen = new Set(readablePaths(before));
  const changed = new Set<string>();
  for (const path of readablePaths(after)) {
    const known = unseen.delete(path);
    if (known && before.get(path) === after.get(path)) continue;
    if (listed.has(path) && !isPageLocal(path)) return undefined;
    changed.add(path);
  }
  for (const path of unseen) changed.add(path);
  return changed;
}

/**
 * The files a file's `$ref`s name, by its parsed object: snapshots share the object of every file
 * that did not change, and never change one in place (changedInPlace relies on it too), so each
 * page's refs are found once, not once per publication (walking every page for them was about a
 * fiftieth of a render worker's time in a publication of every page). Kept with the path they
 * were found at, since a target can be relative to it.
 */
const refTargetsByObject = new WeakMap<object, { file: string; targets: string[] }>();

function refTargetsOf(file: string, document: unknown): string[] {
  if (typeof document !== 'object' || document === null) return [];
  const known = refTargetsByObject.get(document);
  if (known?.file === file) return known.targets;
  const targets = collectRefs(document).flatMap(({ ref }) => refTargetFile(ref, file) ?? []);
  refTargetsByObject.set(document, { file, targets });
  return targets;
}

/** The files a page's bundle is made from: its page file, its entry, and every file their `$ref`s reach. */
export const filesOfPage = (route: PageRoute, snapshot: ContentSnapshot): Set<string> =>
  filesReachedFrom([route.file, ...(route.entry ? [route.entry.file] : [])], snapshot);

/** `from`, and every file their `$ref`s reach, however deep (a target that is not there is named too). */
export function filesReachedFrom(from: Iterable<string>, snapshot: ContentSnapshot): Set<string> {
  const files = new Set<string>();
  const pending = [...from];
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (files.has(file)) continue;
    files.add(file);
    pending.push(...refTargetsOf(file, snapshot.get(file)));
  }
  return files;
}
