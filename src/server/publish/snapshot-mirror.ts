/**
 * A publication's snapshot, copied to a render worker (render-pool.ts) a
 * change at a time. A worker keeps the copy it was sent last; the next
 * publication sends only the files whose parsed object is not the one sent
 * before (snapshot loaders keep the object of every file that did not change,
 * src/engine/fs-snapshot.ts), so a one-file change costs one file, not the
 * site. The worker's copy keeps its objects the same way, so its own
 * resolved pages carry over as the server's do (src/lib/carry-over.ts).
 *
 * A public snapshot (src/engine/publication.ts) lists fewer files than it can
 * read: a draft is read through a `$ref` but has no page. So the copy holds
 * every readable file, and the listing apart.
 */
import type { ContentSnapshot } from '../../engine/snapshot';

/** What a worker is sent to bring its copy up to date. Plain data: it crosses to the worker by structured clone. */
export interface SnapshotDelta {
  /** Names the snapshot the copy becomes: renders say which one they are for. */
  generation: number;
  /** Files added or changed since the copy sent before, with their parsed content. */
  files: [path: string, document: unknown][];
  removed: string[];
  /** The files the snapshot lists, when fewer than it can read; null when it lists every one. */
  listed: string[] | null;
  refused: [path: string, why: string][];
}

/**
 * What a worker's copy holds, by object: the server keeps one per worker and
 * `deltaFor` updates it to match what it sends.
 */
export type SentFiles = Map<string, unknown>;

/**
 * The delta that turns the copy described by `sent` into `snapshot`, whose readable files are
 * `readable` (a public snapshot's base lists them all). Updates `sent` to match.
 */
export function deltaFor(sent: SentFiles, snapshot: ContentSnapshot, readable: Iterable<string>, generation: number): SnapshotDelta {
  const files: SnapshotDelta['files'] = [];
  const present = new Set<string>();
  for (const path of readable) {
    present.add(path);
    const document = snapshot.get(path);
    if (sent.has(path) && sent.get(path) === document) continue;
    files.push([path, document]);
    sent.set(path, document);
  }
  const removed = [...sent.keys()].filter((path) => !present.has(path));
  for (const path of removed) sent.delete(path);
  const listed = [...snapshot.paths()];
  return {
    generation,
    files,
    removed,
    listed: listed.length === present.size && listed.every((path) => present.has(path)) ? null : listed,
    refused: [...(snapshot.refused?.() ?? [])],
  };
}

/** The worker's side: applies `delta` to its copy (`files`, changed in place) and returns the snapshot it now is. */
export function applyDelta(files: Map<string, unknown>, delta: SnapshotDelta): ContentSnapshot {
  for (const path of delta.removed) files.delete(path);
  for (const [path, document] of delta.files) files.set(path, document);
  // A snapshot never changes once made, but the copy will: the snapshot holds its own view of it.
  const readable = new Map(files);
  const listed = delta.listed ?? [...readable.keys()];
  const refused = new Map(delta.refused);
  return {
    get: (path) => readable.get(path),
    paths: () => listed,
    // What it reads beyond what it lists (drafts behind a `$ref`), so its carry-over sees their edits as the server's does.
    ...(delta.listed ? { readable: () => readable.keys() } : {}),
    ...(refused.size > 0 ? { refused: () => refused } : {}),
  };
}
