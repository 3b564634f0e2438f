/**
 * Every editable document under src/data, for the editor, the
 * site's problems, its links that lead nowhere, its redirects, the uploaded images with their versions, and the upload
 * size limit, read through the dev snapshot's loader (src/engine/fs-snapshot.ts),
 * which re-reads only changed files. A file that is not valid JSON (say,
 * mid-edit in a text editor) is reported, not fatal, so the editor still opens.
 * So is a symbolic link: it is never read (see src/engine/data-files.ts), and
 * the editor says why.
 */
import { classifyFile } from '../lib/entries';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { createFsSnapshotLoader } from '../../engine/fs-snapshot';
import { loadDevSnapshot } from '../../lib/dev-snapshot';
import { siteProblems, type FileProblems } from '../../engine/problems';
import { linksLeadingNowhere, type LinkNowhere } from '../../engine/links-nowhere';
import { linkPointers } from '../../engine/markdown-fields';
import { redirectsOf } from '../../engine/redirects';
import { siteMarkdown } from '../../engine/site-markdown';
import type { ContentSnapshot } from '../../engine/snapshot';
import { createSiteResolver } from '../../lib/site-resolver';
import { collectionRegistryProblems } from '../../collections/registry';
import { sectionRegistryProblems, sectionTypes } from '../../sections/registry';
import { typesWithoutView } from '../../lib/section-views';
import { listAssetUrls } from '../../server/assets';
import { maxUploadBytes } from '../../server/limits';
import { ASSETS_DIR, ASSETS_URL_PREFIX, DATA_ROOT } from '../../server/paths';
import { bytesVersion } from '../../server/store/fs-backend';
import { snapshotDocumentVersion } from '../../server/version';
import type { EditorContent, EditorPayload, EditorUser } from '../lib/model';

/**
 * The last problem list, with the snapshot it is of: the loader gives the same snapshot while no
 * file changed. Held weakly: once a file changes, the old snapshot would otherwise stay alive
 * until the editor next asks, with every cache made for it (about 100 MB at 5,000 pages in a heap
 * snapshot of the production server, which every full garbage collection then marks).
 */
let lastProblems: { snapshot: WeakRef<ContentSnapshot>; problems: FileProblems[] } | undefined;

/**
 * The problems of the site as it is on disk (a file that cannot be read is
 * refused in the snapshot and reported on its own). Never throws: the editor
 * must open, and list what is wrong, however broken the content.
 */
function problemsOf(snapshot: ContentSnapshot): FileProblems[] {
  if (lastProblems?.snapshot.deref() === snapshot) return lastProblems.problems;
  let problems: FileProblems[];
  try {
    problems = siteProblems(createSiteResolver(snapshot), snapshot);
  } catch (error) {
    problems = [{ file: '', issues: [{ path: '', message: `The site's problems could not be listed: ${(error as Error).message}` }], pages: [] }];
  }
  lastProblems = { snapshot: new WeakRef(snapshot), problems };
  return problems;
}

/** The last list of links that lead nowhere, with the snapshot and the uploads it is of (as lastProblems). */
let lastLinks: { snapshot: WeakRef<ContentSnapshot>; uploads: string; links: LinkNowhere[] } | undefined;

/** The links of the site as it is on disk that lead nowhere (links-nowhere.ts), Markdown links included, given the uploaded images' names. Never throws: they are warnings. */
function linksNowhereOf(snapshot: ContentSnapshot, uploads: readonly string[]): LinkNowhere[] {
  const key = uploads.join('\n');
  if (lastLinks?.snapshot.deref() === snapshot && lastLinks.uploads === key) return lastLinks.links;
  let links: LinkNowhere[] = [];
  try {
    links = linksLeadingNowhere(snapshot, { linkFields: linkPointers, markdown: siteMarkdown, uploads: new Set(uploads) });
  } catch (error) {
    console.error('The links that lead nowhere could not be listed:', error);
  }
  lastLinks = { snapshot: new WeakRef(snapshot), uploads: key, links };
  return links;
}

/** The snapshot loader of a data folder: the dev snapshot's own for the site's, so unchanged files are neither read nor checked again. */
const loaders = new Map<string, () => Promise<{ snapshot: ContentSnapshot }>>([[DATA_ROOT, loadDevSnapshot]]);

function loaderOf(dataRoot: string) {
  let load = loaders.get(dataRoot);
  if (!load) loaders.set(dataRoot, (load = createFsSnapshotLoader(dataRoot)));
  return load;
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

/** A refusal as the editor shows it, beside the entry's name (the reason leaves the name out, data-files.ts). */
const reasonOfEntry = (file: string, reason: string) => `This ${file.endsWith('.json') ? 'file' : 'entry'} ${reason}`;

export async function readEditorPayload(dataRoot = DATA_ROOT, imagesDir = ASSETS_DIR): Promise<EditorContent> {
  const { snapshot } = await loaderOf(dataRoot)();
  const payload: EditorContent = { docs: [], problems: [], siteProblems: [], linksNowhere: [], images: [], maxUploadBytes: maxUploadBytes() };
  // Links, and files that are not valid JSON (say, mid-edit in a text editor), are refused by the loader, never read.
  for (const [file, reason] of snapshot.refused?.() ?? []) payload.problems.push({ file, message: reasonOfEntry(file, reason) });
  // A section type or collection whose folder is broken (dev only: the build refuses it) is fixed in its code, named from the project's root.
  for (const { file, message } of [...sectionRegistryProblems, ...typesWithoutView(sectionTypes), ...collectionRegistryProblems]) payload.problems.push({ file, message: `This file ${message}` });
  for (const file of [...snapshot.paths()].sort()) {
    const kind = classifyFile(file);
    const data = snapshot.get(file);
    if (kind) payload.docs.push({ file, ...kind, data, version: snapshotDocumentVersion(data) });
  }
  payload.siteProblems = problemsOf(snapshot);
  // The link field takes a moved page's old address as leading to it, as the links that lead nowhere do.
  payload.redirects = [...redirectsOf(snapshot).values()].map(({ from, to }) => ({ from, to }));
  payload.images = await imageVersions(imagesDir);
  // The uploads the images list just read: the folder is not read a second time.
  payload.linksNowhere = linksNowhereOf(snapshot, payload.images.map(({ url }) => url.slice(ASSETS_URL_PREFIX.length)));
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
