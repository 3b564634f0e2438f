/**
 * The body of `POST /api/content/changes`: what a changeset may say, checked
 * whole before anything is read from disk, so a client sees every mistake in
 * one answer.
 *
 * `{ "message"?: string, "changes": [ {"op":"put","file","content","baseVersion"},
 *   {"op":"delete","file","baseVersion"}, {"op":"move","file","to","baseVersion","content"?} ] }`
 *
 * A data file's move may carry the `content` the file gets (a page's own links to its old address
 * following it), its relative `$ref`s written from the old path like the file's own: a put of the
 * new path would name the file twice. A move keeps a file what it was: a page, an entry of its
 * collection, a shared document.
 *
 * `file` is relative to src/data. A path under `assets/images/` addresses an
 * uploaded image, which may be deleted or moved but not put (uploads do that).
 */
import { HttpError } from '../errors';
import { checkFilename } from '../images';
import { pageFileOfSlug, PAGES_DIR, slugOfPageFile, strayCollectionFileProblem } from '../../engine/routes';
import { fixedPageProblem, isReservedSlug, moveTargetProblem, reservedSlugProblem } from '../../engine/slug';

export type Change =
  /** `baseVersion: undefined` (never from a request: only POST /api/save-to-file without one) overwrites with no check. */
  | { op: 'put'; file: string; content: unknown; baseVersion: string | null | undefined }
  | { op: 'delete'; file: string; baseVersion: string }
  /** `content`, when given, replaces the moved document's (a data file's only), checked as a put's. */
  | { op: 'move'; file: string; to: string; baseVersion: string; content?: unknown };

export interface Changeset {
  message?: string;
  changes: Change[];
}

/** A problem with one file of a changeset: `path` is a JSON pointer into its content, or '' for the file itself. */
export interface FileIssue {
  file: string;
  path: string;
  message: string;
}

export const MAX_CHANGES = 500;
export const MAX_MESSAGE_LENGTH = 500;
export const IMAGES_PREFIX = 'assets/images/';

/** A data file: lowercase segments, `.json`; `[slug]` only as the file name of a page template. */
const DATA_FILE = /^(?:[a-z0-9]+(?:-[a-z0-9]+)*\/)*(?:[a-z0-9]+(?:-[a-z0-9]+)*|\[slug\])\.json$/;
/** Room for the longest page slug (200 characters, src/engine/slug.ts) under `pages/`, well within what file systems take. */
export const MAX_DATA_FILE_LENGTH = pageFileOfSlug('x'.repeat(200)).length;

export const isImageFile = (file: string) => file.startsWith(IMAGES_PREFIX);

/** Why `file` cannot be addressed by a changeset, or undefined. */
export function fileProblem(file: unknown): string | undefined {
  if (typeof file !== 'string' || file === '') return 'must be a non-empty string';
  if (isImageFile(file)) {
    try {
      checkFilename(file.slice(IMAGES_PREFIX.length));
      return undefined;
    } catch (error) {
      return (error as Error).message;
    }
  }
  if (file.length > MAX_DATA_FILE_LENGTH) return `must be at most ${MAX_DATA_FILE_LENGTH} characters long`;
  if (!DATA_FILE.test(file)) return 'must be a data file path relative to src/data, like "pages/about.json", in lowercase letters, digits and "-"';
  if (file.includes('[slug]') && !file.startsWith('pages/')) return 'only page templates are named "[slug].json"';
  if (file.startsWith('assets/')) return 'only images live under assets/, at assets/images/<name>';
  return undefined;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const isPageFile = (file: string) => file.startsWith(`${PAGES_DIR}/`);

/**
 * Why a change may not do this to a page, whoever asks: the home page, the 404 page and templates
 * stay where they are, and no page goes where the server answers itself (the editor's own rules,
 * src/editor/lib/content-ops.ts, from the same functions). Only for valid file names.
 */
function pageRuleProblems(op: Change['op'], file: string, to: string | undefined): { field: '/file' | '/to'; message: string }[] {
  const problems: { field: '/file' | '/to'; message: string }[] = [];
  const slug = isPageFile(file) ? slugOfPageFile(file) : undefined;
  const fileProblem = slug === undefined ? undefined : op === 'put' ? (isReservedSlug(slug) ? reservedSlugProblem(slug) : undefined) : fixedPageProblem(slug, op);
  if (fileProblem) problems.push({ field: '/file', message: fileProblem });
  // Whatever the file moved is: a tag moved to pages/editor/sign-in.json is a page there.
  if (op === 'move' && to !== undefined && isPageFile(to)) {
    const problem = moveTargetProblem(slugOfPageFile(to));
    if (problem) problems.push({ field: '/to', message: problem });
  }
  return problems;
}

/** What a data file is: a page, an entry of a collection (by its folder), or a shared document. */
const kindOfDataFile = (file: string) => (isPageFile(file) ? 'a page' : /^collections\/[^/]+\//.exec(file)?.[0] ?? 'a shared document');

/**
 * A move renames a file: it stays what it was. A post moved to pages/ would take its page away
 * with no redirect, and a page moved into a collection would be read as an entry; a delete and a
 * put say that plainly, and the editor never asks for it.
 */
function kindChangeProblem(file: string, to: string): string | undefined {
  const [from, into] = [file, to].map(kindOfDataFile);
  if (from === into) return undefined;
  const name = (kind: string) => (kind.startsWith('collections/') ? `an entry of ${kind}` : kind);
  return `a move renames a file, it stays what it was: ${name(from)} cannot become ${name(into)}; delete it and put the new file instead`;
}

/** An image keeps its type when renamed: its bytes are not converted, and are served and resized as the name says. */
function imageMoveProblem(file: string, to: string): string | undefined {
  const [from, into] = [file, to].map((name) => checkFilename(name.slice(IMAGES_PREFIX.length)));
  return from === into ? undefined : `an image keeps its type when renamed (${from}, not ${into}): renaming does not convert it`;
}

const ALLOWED_KEYS: Record<Change['op'], readonly string[]> = {
  put: ['op', 'file', 'content', 'baseVersion'],
  delete: ['op', 'file', 'baseVersion'],
  move: ['op', 'file', 'to', 'baseVersion', 'content'],
};

function changeIssues(change: unknown, index: number): FileIssue[] {
  const at = (path: string, message: string): FileIssue => ({ file: isObject(change) && typeof change.file === 'string' ? change.file : '', path: `/changes/${index}${path}`, message });
  if (!isObject(change)) return [at('', 'must be an object')];
  const op = change.op as Change['op'];
  if (!Object.hasOwn(ALLOWED_KEYS, op)) return [at('/op', 'must be "put", "delete" or "move"')];
  const issues = Object.keys(change)
    .filter((key) => !ALLOWED_KEYS[op].includes(key))
    .map((key) => at(`/${key}`, `unknown field "${key}" for a ${op}`));
  const problem = fileProblem(change.file);
  if (problem) issues.push(at('/file', problem));
  if (op === 'move') {
    const toProblem = fileProblem(change.to);
    if (toProblem) issues.push(at('/to', toProblem));
    else if (typeof change.file === 'string' && isImageFile(change.file) !== isImageFile(change.to as string)) issues.push(at('/to', 'an image moves to another image name, a data file to another data file'));
    else if (!problem && isImageFile(change.file as string)) {
      const typeProblem = imageMoveProblem(change.file as string, change.to as string);
      if (typeProblem) issues.push(at('/to', typeProblem));
    }
  }
  if (!problem && (op !== 'move' || !fileProblem(change.to))) {
    for (const { field, message } of pageRuleProblems(op, change.file as string, change.to as string | undefined)) issues.push(at(field, message));
  }
  if (op === 'move' && !problem && !fileProblem(change.to) && !isImageFile(change.file as string) && !issues.some((issue) => issue.path.endsWith('/to'))) {
    const kindProblem = kindChangeProblem(change.file as string, change.to as string);
    if (kindProblem) issues.push(at('/to', kindProblem));
  }
  const written = op === 'put' && !problem ? { field: '/file', file: change.file as string } : op === 'move' && !fileProblem(change.to) ? { field: '/to', file: change.to as string } : undefined;
  // Under collections/, only an entry is read: anything else would be stored unchecked and unread (one put there
  // by hand can still be deleted or moved away).
  const collectionProblem = written && strayCollectionFileProblem(written.file);
  if (collectionProblem) issues.push(at(written.field, collectionProblem));
  if (op === 'put' && typeof change.file === 'string' && isImageFile(change.file)) issues.push(at('/op', 'images are added with POST /api/upload-asset; a changeset may only delete or move them'));
  if (op === 'put' && !Object.hasOwn(change, 'content')) issues.push(at('/content', 'is required'));
  if (op === 'move' && Object.hasOwn(change, 'content') && typeof change.file === 'string' && isImageFile(change.file)) issues.push(at('/content', 'an image is moved as it is: its bytes are not part of a changeset'));
  if (!Object.hasOwn(change, 'baseVersion')) issues.push(at('/baseVersion', op === 'put' ? 'is required: the version it was based on, or null to create the file' : 'is required'));
  else if (typeof change.baseVersion !== 'string' && !(op === 'put' && change.baseVersion === null)) issues.push(at('/baseVersion', op === 'put' ? 'must be a string or null' : 'must be a string'));
  return issues;
}

/** Parses a changeset body, or throws 400 with every issue found. */
export function parseChangeset(body: Record<string, unknown>): Changeset {
  const issues: FileIssue[] = Object.keys(body)
    .filter((key) => key !== 'message' && key !== 'changes')
    .map((key) => ({ file: '', path: `/${key}`, message: `unknown field "${key}"` }));
  if (body.message !== undefined && (typeof body.message !== 'string' || body.message.length > MAX_MESSAGE_LENGTH)) {
    issues.push({ file: '', path: '/message', message: `must be a string of at most ${MAX_MESSAGE_LENGTH} characters` });
  }
  if (!Array.isArray(body.changes) || body.changes.length === 0) {
    issues.push({ file: '', path: '/changes', message: 'must be a non-empty array' });
  } else if (body.changes.length > MAX_CHANGES) {
    issues.push({ file: '', path: '/changes', message: `has more than ${MAX_CHANGES} changes` });
  } else {
    issues.push(...body.changes.flatMap(changeIssues));
  }
  if (issues.length === 0) {
    const changes = body.changes as Change[];
    const named = changes.flatMap((change) => (change.op === 'move' ? [change.file, change.to] : [change.file]));
    const twice = named.filter((file, index) => named.indexOf(file) !== index);
    for (const file of new Set(twice)) issues.push({ file, path: '', message: 'is named by more than one change' });
  }
  if (issues.length > 0) throw new HttpError(400, `The changeset is not valid: ${issues.length} issue${issues.length === 1 ? '' : 's'}`, { issues });
  return { ...(body.message === undefined ? {} : { message: body.message as string }), changes: body.changes as Change[] };
}
