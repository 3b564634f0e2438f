/**
 * Dev only: every editable document under src/data, for the editor, the
 * site's problems, the uploaded images with their versions, and the upload
 * size limit. A file that is not valid JSON (say, mid-edit in a text editor)
 * is reported, not fatal, so the editor still opens. So is a symbolic link: it
 * is never read (see src/engine/data-files.ts), and the editor says why.
 */
import { readFile } from 'node:fs/promises';
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
import type { DocKind, EditorPayload } from '../lib/model';

function classify(file: string): { kind: DocKind; saveSlug: string } | undefined {
  const withoutExtension = file.slice(0, -'.json'.length);
  if (file.startsWith('pages/')) return { kind: 'page', saveSlug: withoutExtension.slice('pages/'.length) };
  if (file.startsWith('shared/')) return { kind: 'shared', saveSlug: withoutExtension };
  const entry = /^collections\/(posts|tags)\/([^/]+)$/.exec(withoutExtension);
  if (entry) return { kind: 'entry', saveSlug: `${entry[1]}/${entry[2]}` };
  return undefined;
}

/**
 * The problems of the site as it is on disk, from the files that could be
 * read (an unparsable file is missing here and reported on its own). Never
 * throws: the editor must open, and list what is wrong, however broken the content.
 */
function problemsOf(files: Map<string, unknown>, refused: ReadonlyMap<string, string>): FileProblems[] {
  try {
    return siteProblems(createSiteResolver(snapshotFromEntries(files, refused)));
  } catch (error) {
    return [{ file: '', issues: [{ path: '', message: `The site's problems could not be listed: ${(error as Error).message}` }], pages: [] }];
  }
}

/** Each uploaded image with its version (the hash a changeset's `baseVersion` names); none when the folder cannot be read. */
async function imageVersions(imagesDir: string): Promise<{ url: string; version: string }[]> {
  try {
    const urls = await listAssetUrls(imagesDir);
    return await Promise.all(urls.map(async (url) => ({ url, version: bytesVersion(await readFile(join(imagesDir, url.slice(ASSETS_URL_PREFIX.length)))) })));
  } catch {
    return [];
  }
}

export async function readEditorPayload(dataRoot = DATA_ROOT, imagesDir = ASSETS_DIR): Promise<EditorPayload> {
  const { files, refused } = await listDataFiles(dataRoot);
  const payload: EditorPayload = { docs: [], problems: [], siteProblems: [], images: [], maxUploadBytes: maxUploadBytes() };
  const parsed = new Map<string, unknown>();
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
    parsed.set(file, data);
    const kind = classify(file);
    if (kind) payload.docs.push({ file, ...kind, data, version: contentVersion(data) });
  }
  payload.docs.sort((a, b) => (a.file < b.file ? -1 : 1));
  payload.siteProblems = problemsOf(parsed, refused);
  payload.images = await imageVersions(imagesDir);
  return payload;
}
