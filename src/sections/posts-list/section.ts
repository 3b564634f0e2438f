import { z } from 'astro/zod';
import { defineSection } from '../../engine/schema/define-section';
import { PostSummarySchema } from '../../engine/schema/collections';
import { eyebrow, field, heading, MAX_PARAGRAPH_LENGTH, MenuItemSchema, optionalText } from '../../engine/schema/primitives';

export default defineSection({
  type: 'posts-list',
  label: 'Posts list',
  description: 'A grid or bento of post cards from the posts collection, newest first.',
  keywords: ['blog', 'articles', 'news', 'journal', 'latest'],
  schema: z.object({
    /** Small eyebrow text above the title. */
    label: field(eyebrow(), 'Eyebrow', 'Small text above the title.'),
    /** Heading of the list. */
    title: field(heading(), 'Title', 'Heading of the list.'),
    /** Optional copy under the heading. */
    description: field(optionalText(MAX_PARAGRAPH_LENGTH), 'Description', 'Optional copy under the heading.', { kind: 'textarea' }),
    /** `grid`: equal cards; `bento`: the newest post large, the rest around it. */
    variant: field(z.enum(['grid', 'bento']).default('grid'), 'Layout', 'Grid of equal cards, or a bento with the newest post large.', { optionLabels: { grid: 'Grid', bento: 'Bento (newest post large)' } }),
    /** Show at most this many posts; empty shows all. */
    limit: field(z.int().min(1).max(100).optional(), 'Limit', 'Show at most this many posts; empty shows all.'),
    /** Optional link below the list, e.g. to an archive page. */
    moreLink: field(MenuItemSchema.optional(), 'More link', 'Optional link below the list.'),
    /** Bound: the newest posts (without the current one on a post page), cut to `limit`. */
    posts: field(z.array(PostSummarySchema), 'Posts', 'Filled from the posts collection.'),
  }),
  bound: ['posts'],
  // On a post's own page, the list leaves that post out.
  bind: (data, context) => ({
    posts: context
      .posts()
      .filter((post) => !(context.current?.collection === 'posts' && post.slug === context.current.slug))
      .slice(0, data.limit),
  }),
  // Copy to keep; the other defaults are sample text (see SectionDefinition.keptDefaults).
  keptDefaults: ['title'],
  defaults: { title: 'Latest posts', variant: 'grid', limit: 3 },
});
