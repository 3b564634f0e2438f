import { z } from 'astro/zod';
import { defineSection, requireEntry } from '../../engine/schema/define-section';
import { PostSummarySchema } from '../../engine/schema/collections';
import { field, heading, MAX_LINE_LENGTH } from '../../engine/schema/primitives';

export default defineSection({
  type: 'tag-posts',
  template: 'tags',
  label: 'Tag posts',
  description: 'The posts that carry the current tag, newest first.',
  schema: z.object({
    /** Heading above the posts. */
    title: field(heading(), 'Title', 'Heading above the posts.'),
    /** Shown when no post carries the tag yet. */
    emptyText: field(z.string().max(MAX_LINE_LENGTH).default('No posts yet.'), 'Empty text', 'Shown when no post carries the tag yet.'),
    /** Bound: posts carrying the current tag. */
    posts: field(z.array(PostSummarySchema), 'Posts', 'Filled with the posts that carry the current tag.'),
  }),
  bound: ['posts'],
  bind: (_data, context) => {
    const { slug } = requireEntry(context, 'tags', 'tag-posts');
    return { posts: context.posts().filter((post) => post.tags.some((tag) => tag.slug === slug)) };
  },
  // Copy to keep; the other defaults are sample text (see SectionDefinition.keptDefaults).
  keptDefaults: ['title', 'emptyText'],
  defaults: { title: 'Posts on this topic', emptyText: 'No posts yet.' },
});
