/**
 * The sitemap's files, from the pages it lists: `sitemap-index.xml` and its
 * parts (`sitemap-0.xml`, …, 45,000 URLs each, under the protocol's 50,000).
 * The build writes them once it is done (src/lib/seo/integration.ts) and the
 * production server's live publisher writes them again after every change
 * (src/server/publish/), through this one function, so both are byte for byte
 * the same for the same content. The XML is written and escaped by the
 * `sitemap` package; URLs are sorted so the output depends on nothing else.
 */
import { lstat } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { SitemapIndexStream, SitemapStream, streamToPromise } from 'sitemap';
import type { SitemapPage } from './page-data';
import { lastmodOf } from './page-urls';

export const SITEMAP_INDEX_FILE = 'sitemap-index.xml';
const URLS_PER_FILE = 45_000;

export interface SitemapUrl {
  url: string;
  /** ISO date-time. */
  lastmod?: string;
}

/** A data file's modification time, by its data-root-relative name. */
export type FileTime = (name: string) => Promise<Date>;

/**
 * The modification times of the files under `dataRoot`, never through a link (a link's own time),
 * and no time (an invalid date, which lastmodOf leaves out) for one gone since it was read: a file
 * standing in as it was last read (src/server/publish/last-readable.ts) may now be a dangling link,
 * whose target's time threw and kept the whole sitemap as it was.
 */
export const fileTimesUnder =
  (dataRoot: string): FileTime =>
  async (name) =>
    (await lstat(join(dataRoot, name)).catch(() => undefined))?.mtime ?? new Date(Number.NaN);

/** The listed pages as absolute URLs with their lastmod, which also reads their data files' modification times. */
export async function sitemapUrls(pages: readonly SitemapPage[], fileTime: FileTime, site: URL): Promise<SitemapUrl[]> {
  return Promise.all(
    pages.map(async (page) => {
      const fileTimes = await Promise.all(page.files.map(fileTime));
      const lastmod = lastmodOf({ ...page, fileTimes })?.toISOString();
      return { url: new URL(page.path, site).href, ...(lastmod ? { lastmod } : {}) };
    }),
  );
}

async function xmlOf(items: object[], stream: SitemapStream | SitemapIndexStream): Promise<string> {
  return (await streamToPromise(Readable.from(items).pipe(stream))).toString('utf8');
}

/** File name → XML text, the index first. */
export async function sitemapFiles(urls: readonly SitemapUrl[], site: URL): Promise<Map<string, string>> {
  const sorted = [...urls].sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0));
  const parts: SitemapUrl[][] = [];
  for (let start = 0; start === 0 || start < sorted.length; start += URLS_PER_FILE) parts.push(sorted.slice(start, start + URLS_PER_FILE));
  const names = parts.map((_, index) => `sitemap-${index}.xml`);
  const files = new Map<string, string>();
  files.set(SITEMAP_INDEX_FILE, await xmlOf(names.map((name) => ({ url: new URL(name, site).href })), new SitemapIndexStream()));
  for (const [index, part] of parts.entries()) files.set(names[index]!, await xmlOf(part, new SitemapStream()));
  return files;
}
