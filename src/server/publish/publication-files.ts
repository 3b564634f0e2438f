/**
 * What a publication makes besides the pages (the feed and the sitemap), and what it keeps from
 * the live version when the content cannot make something now.
 *
 * A file in src/data that cannot be read (not JSON, say a merge's conflict markers, or a link)
 * breaks only what reads it, as on the dev server: the pages that include it keep their live
 * version (the resolver names it), and so do the pages it gives (its own page file, its entry
 * page), which the new content does not even list; the feed and the sitemap keep theirs when the
 * posts they read cannot be read, and the redirects theirs when redirects.json cannot. The
 * publication names each, with why, and every other change goes live. It once failed whole, so
 * one file pushed broken stopped every save from going live until a developer mended it.
 */
import type { APIContext } from 'astro';
import { sitemapPages } from '../../lib/seo/page-data';
import { fileTimesUnder, sitemapFiles, sitemapUrls, type FileTime } from '../../lib/seo/sitemap-files';
import { FEED_PATH, SITEMAP_INDEX_PATH } from '../../lib/seo/discovery-files';
import { resolvePage } from '../../lib/content';
import { ContentError } from '../../engine/resolver';
import { REDIRECTS_FILE } from '../../engine/redirects';
import { describeRefusal, refusalAt, type ContentSnapshot } from '../../engine/snapshot';
import { DATA_ROOT } from '../paths';
import { GET as feed } from '../../pages/rss.xml';
import type { LiveHost, VersionToInstall } from './live-host';

/** Something the live version keeps from an earlier one, since the content cannot make it now (a page, the feed), and why. */
export interface KeptPage {
  path: string;
  reason: string;
}

export type Keep = (path: string, reason: string) => void;

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Modification times of the data files, by parsed object: the snapshot loader reads a file
 * again when its time or size changes, so an object that stayed has the time it had.
 */
const timesOf = new WeakMap<object, Date>();

function fileTimes(snapshot: ContentSnapshot): FileTime {
  const read = fileTimesUnder(DATA_ROOT);
  return async (name) => {
    const document = snapshot.get(name);
    if (typeof document !== 'object' || document === null) return read(name);
    let time = timesOf.get(document);
    if (!time) {
      time = await read(name);
      timesOf.set(document, time);
    }
    return time;
  };
}

/** Where the sitemap's files are: its index and its parts (`/sitemap-0.xml`, …). */
const SITEMAP_PREFIX = '/sitemap-';

/**
 * The site's text files other than pages that change with the content: the feed and the sitemap.
 * One the content cannot make now (its posts cannot be read) is kept as it is live, and named.
 */
export async function discoveryFiles(site: URL, snapshot: ContentSnapshot, broken: ReadonlySet<string>, keep: Keep): Promise<Pick<VersionToInstall, 'files' | 'keptFiles'>> {
  const files: VersionToInstall['files'] = [];
  const keptFiles: string[] = [];
  try {
    files.push({ path: FEED_PATH, body: await (await feed({ site } as APIContext)).text() });
  } catch (error) {
    keep(FEED_PATH, reasonOf(error));
    keptFiles.push(FEED_PATH);
  }
  try {
    const sitemaps = await sitemapFiles(await sitemapUrls(await sitemapPages(site, broken), fileTimes(snapshot), site), site);
    files.push(...[...sitemaps].map(([name, body]) => ({ path: `/${name}`, body })));
  } catch (error) {
    keep(SITEMAP_INDEX_PATH, reasonOf(error));
    keptFiles.push(SITEMAP_PREFIX);
  }
  return { files, keptFiles };
}

/**
 * The live pages the new content does not list but cannot be said to have removed: their page
 * file or entry file cannot be read (the resolver says so, where it would otherwise answer "no
 * page"). Each is kept, with why. A page that was deleted or moved is gone as before.
 */
export async function unlistedButUnreadable(host: LiveHost, listed: ReadonlySet<string>, keep: Keep): Promise<void> {
  for (const path of host.renderKeys().keys()) {
    if (listed.has(path)) continue;
    try {
      await resolvePage(host.livePage(path)!.slug);
    } catch (error) {
      if (error instanceof ContentError) keep(path, error.message);
    }
  }
}

/** Why the redirects cannot be read now (redirects.json refused), if so: the live ones are then kept. */
export function unreadableRedirects(snapshot: ContentSnapshot): string | undefined {
  const refused = refusalAt(snapshot.refused?.(), REDIRECTS_FILE);
  return refused && describeRefusal(refused);
}
