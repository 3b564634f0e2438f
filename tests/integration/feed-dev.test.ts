/**
 * The RSS feed under a real `astro dev` on a copy of the project, after a hostile review: it lists the
 * newest FEED_ITEMS posts, not every post (1,800 posts made an 18 MB feed for every reader's poll), and
 * an excerpt is text, escaped as HTML inside the XML (readers took `<x/>` in one as markup); an author
 * is as written (@astrojs/rss once made "007" 7).
 */
import { describe, expect, it } from 'vitest';
import { FEED_ITEMS } from '../../src/lib/seo/discovery-files';
import { devSiteForTests } from '../helpers/dev-site';
import { raw } from '../helpers/http';

const site = devSiteForTests('feed-dev');
const post = (index: number, excerpt = `Excerpt ${index}.`) => ({ title: `Feed post ${index}`, excerpt, date: `2027-01-${String((index % 28) + 1).padStart(2, '0')}`, author: 'Ann', tags: [], body: 'Body.' });

describe('the feed', () => {
  it('lists the newest posts only, escapes an excerpt as HTML, and keeps each author as written', async () => {
    const changes = Array.from({ length: FEED_ITEMS + 5 }, (_, index) => ({ op: 'put' as const, file: `collections/posts/feed-post-${index}.json`, content: post(index), baseVersion: null }));
    changes[27]!.content = post(27, 'A <b>bold</b> claim & more'); // dated 2027-01-28: among the newest
    // Authors that look like numbers, or hold markup: each as written, escaped once.
    changes[26]!.content = { ...post(26), author: '007' };
    changes[25]!.content = { ...post(25), author: '1.50' };
    changes[24]!.content = { ...post(24), author: 'Ann & <Bo> $&' };
    const saved = await site.change({ changes });
    expect(saved.status, saved.text).toBe(200);
    const feed = await raw(site.server.origin, { path: '/rss.xml' });
    expect(feed.status).toBe(200);
    expect(feed.text.match(/<item>/g)).toHaveLength(FEED_ITEMS);
    expect(feed.text.indexOf('Feed post 27')).toBeGreaterThan(0);
    expect(feed.text).toContain('<description>A &amp;lt;b&amp;gt;bold&amp;lt;/b&amp;gt; claim &amp;amp; more</description>');
    expect(feed.text).not.toContain('<b>bold');
    expect(feed.text).toContain('<dc:creator>007</dc:creator>');
    expect(feed.text).toContain('<dc:creator>1.50</dc:creator>');
    expect(feed.text).toContain('<dc:creator>Ann &amp; &lt;Bo&gt; $&amp;</dc:creator>');
    expect(feed.text).not.toContain('author-');
  });
});
