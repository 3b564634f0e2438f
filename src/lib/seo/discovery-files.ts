/** Where crawlers and feed readers find the site's discovery files, and robots.txt's text. */

/** The sitemap: an index of the sitemap files (sitemap-0.xml, …), written by src/lib/seo/sitemap-files.ts. */
export const SITEMAP_INDEX_PATH = '/sitemap-index.xml';

/** The RSS feed of posts (src/pages/rss.xml.ts), linked from every page's head. */
export const FEED_PATH = '/rss.xml';
/**
 * Posts in the feed, the newest: readers fetch it often and only look at what is new, and every post
 * in it would send each of them megabytes from a site of thousands (a hostile review's 1,800 posts: 18 MB).
 */
export const FEED_ITEMS = 50;

/** robots.txt: every crawler may read the site; the editor and the API hold nothing to index. */
export function robotsTxt(site: URL): string {
  return ['User-agent: *', 'Allow: /', 'Disallow: /editor/', 'Disallow: /api/', '', `Sitemap: ${new URL(SITEMAP_INDEX_PATH, site).href}`, ''].join('\n');
}
