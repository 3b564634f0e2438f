/**
 * Every editable document under src/data, for the editor, the
 * site's problems, the uploaded images with their versions, and the upload
 * size limit. A file that is not valid JSON (say, mid-edit in a text editor)
 * is reported, not fatal, so the editor still opens. So is a symbolic link: it
 * is never read (see src/engine/data-files.ts), and the editor says why.
 */
import { entryOfFile } from '../lib/entries';
import { readFile, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { listDataFiles } from '../../engine/data-files';
import { siteProblems, type FileProblems } from '../../engine/problems';
import { snapshotFromEntries } from '../../engine/snapshot';
import { createSiteResolver } from '../../lib/site-resolver';
import { listAssetUrls } from '../../server/assets';
import { maxUploadBytes } from '../../server/limits';
import { ASSETS_DIR, ASSETS_URL_PREFIX, DATA_ROOT } from '../../server/paths';
import { bytesVersion } from '../../server/store/fs-backend';
import { contentVersion } from '../../server/version';
import type { DocKind, EditorContent, EditorPayload, EditorUser } from '../lib/model';

function classify(file: string): { kind: DocKind; saveSlug: string } | undefined {
  const withoutExtension = file.slice(0, -'.json'.length);
  if (file.startsWith('pages/')) return { kind: 'page', saveSlug: withoutExtension.slice('pages/'.length) };
  if (file.startsWith('shared/')) return { kind: 'shared', saveSlug: withoutExtension };
  const entry = entryOfFile(file);
  if (entry) return { kind: 'entry', saveSlug: `${entry.collection}/${entry.slug}` };
  return undefined;
}

/** The last problem list, by a key of every file's version: the list is recomputed only when content changed. */
let lastProblems: { key: string; problems: FileProblems[] } | undefined;

/**
 * The problems of the site as it is on disk, from the files that could be
 * read (an unparsable file is missing here and reported on its own). Never
 * throws: the editor must open, and list what is wrong, however broken the content.
 */
function problemsOf(files: Map<string, unknown>, refused: ReadonlyMap<string, string>, key: string): FileProblems[] {
  if (lastProblems?.key === key) return lastProblems.problems;
  let problems: FileProblems[];
  try {
    problems = siteProblems(createSiteResolver(snapshotFromEntries(files, refused)));
  } catch (error) {
    problems = [{ file: '', issues: [{ path: '', message: `The site's problems could not be listed: ${(error as Error).message}` }], pages: [] }];
  }
  lastProblems = { key, problems };
  return problems;
}

/** Image versions by path, with the size and mtime they were hashed at: a site's photos are hashed once, not on every load. */
const hashedImages = new Map<string, { stamp: string; version: string }>();

async function imageVersion(path: string): Promise<string> {
  const info = await stat(path);
  const stamp = `${info.size}:${info.mtimeMs}`;
  const known = hashedImages.get(path);
  if (known?.stamp === stamp) return known.version;
  const version = bytesVersion(await readFile(path));
  hashedImages.set(path, { stamp, version });
  return version;
}

/** Each uploaded image with its version (the hash a changeset's `baseVersion` names); none when the folder cannot be read. */
async function imageVersions(imagesDir: string): Promise<{ url: string; version: string }[]> {
  try {
    const urls = await listAssetUrls(imagesDir);
    return await Promise.all(urls.map(async (url) => ({ url, version: await imageVersion(join(imagesDir, url.slice(ASSETS_URL_PREFIX.length))) })));
  } catch {
    return [];
  }
}

export async function readEditorPayload(dataRoot = DATA_ROOT, imagesDir = ASSETS_DIR): Promise<EditorContent> {
  const { files, refused } = await listDataFiles(dataRoot);
  const payload: EditorContent = { docs: [], problems: [], siteProblems: [], images: [], maxUploadBytes: maxUploadBytes() };
  const parsed = new Map<string, unknown>();
  const versions: string[] = [];
  for (const [file, message] of refused) payload.problems.push({ file, message });
  for (const path of files) {
    const file = relative(dataRoot, path).split(sep).join('/');
    let data: unknown;
    try {
      data = JSON.parse(await readFile(path, 'utf8'));
    } catch (error) {
      payload.problems.push({ file, message: (error as Error).message });
      continue;
    }
    const version = contentVersion(data);
    parsed.set(file, data);
    versions.push(`${file}=${version}`);
    const kind = classify(file);
    if (kind) payload.docs.push({ file, ...kind, data, version });
  }
  payload.docs.sort((a, b) => (a.file < b.file ? -1 : 1));
  payload.siteProblems = problemsOf(parsed, refused, [...versions, ...refused.keys()].join('\n'));
  payload.images = await imageVersions(imagesDir);
  return payload;
}

/**
 * What the editor page embeds: the content, who is signed in (only their name
 * and role reach the browser) and whether this is local development (`astro
 * dev`: no sign-in, no Sign out).
 */
export async function readEditorPagePayload(user: EditorUser, dev: boolean): Promise<EditorPayload> {
  return { ...(await readEditorPayload()), user: { name: user.name, role: user.role }, dev };
}
