/**
 * The one walk of src/data that every reader shares: the dev snapshot, the
 * editor's state route and the build's content-layer check. It never follows
 * a symbolic link. A link (to a file or a folder, pointing inside src/data or
 * out of it) is refused rather than skipped: a link to a host file would
 * otherwise be published by `astro build`, whose glob loader follows links,
 * while the dev server showed nothing. Refusing every link, not only those
 * that leave src/data, keeps the rule simple and independent of where a link
 * points at the moment it is read. Names starting with a dot are never content
 * and are not looked at (editors keep lock files there, and Emacs's are links).
 * Anything else that is not read as content (a file not ending in `.json`, a
 * folder whose name does) is refused too, never skipped: `about.JSON` or a post
 * saved as `notes.md` would otherwise vanish from the site without a word.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { buildStop } from './content-error';
import { repeatedKey, repeatedKeyReason } from './repeated-keys';

export interface DataListing {
  /** Absolute paths of the JSON files. */
  files: string[];
  /** Refused entries, data-root-relative POSIX path → why (said after the path, which it does not repeat). */
  refused: Map<string, string>;
}

/*
 * A reason leaves out the entry's path, and whoever shows it puts the path in front where it is
 * not said already (describeRefusal in snapshot.ts): an editor's problem on the file itself, or a
 * content error about that file, then names it once.
 */
export function refusalReason(kind: 'link' | 'special' | 'not-json' | 'json-folder'): string {
  switch (kind) {
    case 'link':
      return 'is a symbolic link; links in src/data are refused, wherever they point, because a link could publish files from outside it. Replace it with the file or folder itself';
    case 'special':
      return 'is not a regular file or folder; src/data may only hold JSON files and folders';
    case 'not-json':
      return 'is not a .json file, so it is not read: src/data holds only JSON files whose names end in ".json" (lowercase). Rename it, or move it out of src/data';
    case 'json-folder':
      return 'is a folder named like a .json file, so it is not read as one (nor is anything in it). Replace it with the JSON file, or rename the folder';
  }
}

/**
 * The largest data file read or written, in bytes. A save's body is at most 5 MiB (MAX_SAVE_BYTES),
 * formatted a little larger, and no page may resolve to more than 1 MiB: a bigger file (a 150 MB
 * page pushed by a developer, a log pasted into a post) is refused unread, as a file that is not
 * valid JSON is, rather than held in memory, parsed and sent to every editor.
 */
export const MAX_DATA_FILE_BYTES = 8 * 1024 * 1024;

/** A size as the refusals say it: `9.0 MB`. */
export const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

/** Why a data file over MAX_DATA_FILE_BYTES is not read. */
export const tooLargeReason = (bytes: number) =>
  `is ${megabytes(bytes)}, over the ${megabytes(MAX_DATA_FILE_BYTES)} a data file may be, so it is not read; the pages that use it work again once it is smaller (split a long list or text into several files)`;

/**
 * Why a data file that is not valid JSON is not read (src/engine/fs-snapshot.ts). A byte order mark
 * (some Windows editors save one) is named: the parser's own words quote it, and it is invisible.
 */
export const invalidJsonReason = (error: unknown, text = '') =>
  text.startsWith('\uFEFF')
    ? 'is not valid JSON: it starts with a byte order mark (BOM), an invisible character JSON does not allow. Save it as UTF-8 without BOM; the pages that use it work again then'
    : `is not valid JSON (${error instanceof Error ? error.message : String(error)}); the pages that use it work again once it is fixed`;

/**
 * A data file's text read as JSON, or why it is not read: it is not JSON, or an object in it has a
 * key twice. JSON.parse keeps the last of a repeated key without a word, so a hand edit or a git
 * merge that doubled `"title"` would lose one of them unseen: such a file is refused like a broken
 * one, naming the key and where. The scan costs about five times the parse: the snapshot loader
 * keeps what it read by the file's stamp, so it scans each file once per change; a change's
 * version checks (textVersion) scan the few files it writes again.
 */
export function readDataText(text: string): { value: unknown; broken?: undefined } | { value: undefined; broken: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { value: undefined, broken: invalidJsonReason(error, text) };
  }
  let repeated: ReturnType<typeof repeatedKey>;
  try {
    repeated = repeatedKey(text);
  } catch (error) {
    // The scan recurses: thousands of levels of nesting overflow it, where JSON.parse did not.
    if (error instanceof RangeError) return { value: undefined, broken: 'nests too deeply to be read (thousands of levels of objects or lists); the pages that use it work again once it is fixed' };
    throw error;
  }
  return repeated ? { value: undefined, broken: `${repeatedKeyReason(repeated)}; the pages that use it work again once one of them is removed` } : { value };
}

async function walk(dir: string, prefix: string, refused: Map<string, string>): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map(async (entry): Promise<string[]> => {
      if (entry.name.startsWith('.')) return [];
      const full = join(dir, entry.name);
      const path = `${prefix}${entry.name}`;
      // A Dirent describes the entry itself: a link to a folder is a link here, never a folder.
      if (entry.isSymbolicLink()) refused.set(path, refusalReason('link'));
      else if (entry.isDirectory() && entry.name.endsWith('.json')) refused.set(path, refusalReason('json-folder'));
      else if (entry.isDirectory()) return walk(full, `${path}/`, refused);
      else if (entry.isFile() && entry.name.endsWith('.json')) return [full];
      else refused.set(path, refusalReason(entry.isFile() ? 'not-json' : 'special'));
      return [];
    }),
  );
  return nested.flat();
}

/** The JSON files under `root` (in directory order) and the entries refused there (sorted). */
export async function listDataFiles(root: string): Promise<DataListing> {
  const refused = new Map<string, string>();
  const files = await walk(root, '', refused);
  return { files, refused: new Map([...refused].sort(([a], [b]) => (a < b ? -1 : 1))) };
}

/**
 * What stops a build or a publication of content that holds refused entries: each named, with
 * why. Both refuse to go on rather than publish the site as if those files were not there.
 */
export function unreadableEntriesError(refused: ReadonlyMap<string, string> | undefined): Error | undefined {
  if (!refused || refused.size === 0) return undefined;
  return buildStop(`src/data holds entries that cannot be read:\n${[...refused].map(([entry, reason]) => `  - src/data/${entry} ${reason}`).join('\n')}`);
}
