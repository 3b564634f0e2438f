/**
 * /rss.xml: the newest posts that have a page (FEED_ITEMS of them), newest
 * first, as RSS 2.0 (@astrojs/rss writes and escapes the XML). Each item has the post's title, its page's
 * absolute URL, its date, its excerpt as the description, its author
 * (dc:creator: RSS's own <author> must be an e-mail address) and its tags.
 * Every page's head links here (src/layouts/BaseLayout.astro).
 */
import { randomUUID } from 'node:crypto';
import { getRssString } from '@astrojs/rss';
import type { APIRoute } from 'astro';
import { publishedPosts, siteDetails, siteSettings } from '../lib/seo/page-data';
import { FEED_ITEMS, FEED_PATH } from '../lib/seo/discovery-files';
import { withoutForbiddenCharacters } from '../engine/text-characters';

export const prerender = true;

/**
 * Content with characters XML forbids is refused on save (src/engine/text-characters.ts); a file
 * edited by hand could still hold one, and one would make the whole feed unreadable: left out here.
 */
const xmlText = withoutForbiddenCharacters;

const escapeXml = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/**
 * @astrojs/rss parses an item's customData as XML, and reads a text that looks like a number as
 * one: an author "007" came out as 7, "1.50" as 1.5. So each item's author goes in as a token no
 * parser takes for a number (nor any content holds: a fresh UUID), and is put in place, escaped,
 * in the finished XML.
 */
const authorToken = (feed: string, index: number) => `author-${feed}-${index}`;

export const GET: APIRoute = async ({ site }) => {
  if (!site) throw new Error('The RSS feed needs the `site` option of astro.config.mjs (from SITE_URL)');
  const details = await siteDetails(site);
  const { language } = await siteSettings();
  const posts = (await publishedPosts()).slice(0, FEED_ITEMS);
  const feed = randomUUID();
  const xml = await getRssString({
    title: xmlText(details.name),
    description: xmlText(details.description ?? `Posts from ${details.name}`),
    site,
    xmlns: { atom: 'http://www.w3.org/2005/Atom', dc: 'http://purl.org/dc/elements/1.1/' },
    // The feed's own address, as feed validators ask of RSS 2.0.
    customData: `<language>${escapeXml(language)}</language><atom:link href="${escapeXml(new URL(FEED_PATH, site).href)}" rel="self" type="application/rss+xml"/>`,
    items: posts.map(({ path, post, tagNames }, index) => ({
      title: xmlText(post.title),
      link: new URL(path, site).href,
      // A post's date is a calendar day (YYYY-MM-DD): midnight UTC of that day.
      pubDate: new Date(`${post.date}T00:00:00Z`),
      // Readers take a description as HTML; an excerpt is plain text (the site shows `<b>` as typed), so
      // it is escaped as HTML too, inside the XML's own escaping.
      description: escapeXml(xmlText(post.excerpt)),
      categories: tagNames.map(xmlText),
      customData: `<dc:creator>${authorToken(feed, index)}</dc:creator>`,
    })),
  });
  const withAuthors = posts.reduce((text, { post }, index) => text.replace(authorToken(feed, index), () => escapeXml(xmlText(post.author))), xml);
  return new Response(withAuthors, { headers: { 'Content-Type': 'application/xml' } });
};
