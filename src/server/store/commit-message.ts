/**
 * The message of the commit a changeset becomes: a subject that names what
 * changed in words ("Edit home: hero title", "Add post hello-world",
 * "Move about to company/about"), then the files it wrote, the ones
 * rewritten to keep references whole included, so `git log` reads as a history
 * of the site.
 */
import { IMAGES_PREFIX, isImageFile, type Change } from './changeset';
import { collectionOfFile } from './validate';

/** The longest subject line: git tools show about this much. */
const MAX_SUBJECT = 72;

/** A data file or image as a reader names it: "home", "post hello-world", "shared header", "image team.jpg". */
export function documentName(file: string): string {
  if (isImageFile(file)) return `image ${file.slice(IMAGES_PREFIX.length)}`;
  const path = file.replace(/\.json$/, '');
  if (path.startsWith('pages/')) return path.slice('pages/'.length);
  const collection = collectionOfFile(file);
  if (collection) return `${collection.replace(/s$/, '')} ${path.split('/').pop()}`;
  if (path.startsWith('shared/')) return `shared ${path.slice('shared/'.length)}`;
  return path;
}

function describe(change: Change): { verb: string; name: string } {
  if (change.op === 'delete') return { verb: 'Delete', name: documentName(change.file) };
  // A move that brings its own content (its links to itself, from the editor) edits the file too.
  if (change.op === 'move') return { verb: change.content === undefined ? 'Move' : 'Move and edit', name: `${documentName(change.file)} to ${documentName(change.to).replace(/^(image|shared|\w+) /, '')}` };
  return { verb: change.baseVersion === null ? 'Add' : 'Edit', name: documentName(change.file) };
}

const clip = (text: string, length: number) => (text.length <= length ? text : `${text.slice(0, length - 1).trimEnd()}…`);

/** The subject and body of the commit for `changes`; `summary` is the editor's description of the edit, if any. */
export function commitMessage(changes: readonly Change[], written: readonly string[], summary?: string): string {
  const byVerb = new Map<string, string[]>();
  for (const change of changes) {
    const { verb, name } = describe(change);
    byVerb.set(verb, [...(byVerb.get(verb) ?? []), name]);
  }
  let subject = [...byVerb].map(([verb, names]) => `${verb} ${names.length > 3 ? `${names.slice(0, 3).join(', ')} and ${names.length - 3} more` : names.join(', ')}`).join('; ');
  const note = summary?.replace(/\s+/g, ' ').trim();
  if (note) subject = `${subject}: ${note}`;
  const body = [...written].sort().map((file) => `- ${file}`);
  return [clip(subject, MAX_SUBJECT), '', ...(note && subject.length > MAX_SUBJECT ? [note, ''] : []), 'Files:', ...body].join('\n');
}
