import { z } from 'astro/zod';
import { defineCollection } from '../../engine/schema/define-collection';
import { field, heading, ImageSelectionSchema, markdown, MAX_LABEL_LENGTH, MAX_PARAGRAPH_LENGTH, requiredText } from '../../engine/schema/primitives';
import { MAX_SLUG_LENGTH, SEGMENT_PATTERN } from '../../engine/slug';

const entrySlug = () => z.string().max(MAX_SLUG_LENGTH).regex(SEGMENT_PATTERN, 'Use lowercase letters, digits and hyphens');

/** A post, stored as `src/data/collections/posts/<slug>.json`. */
export const PostSchema = z.object({
  /** Headline of the post. */
  title: field(heading(), 'Title', 'Headline of the post.'),
  /** One- or two-sentence summary shown on cards and as the meta description. */
  excerpt: field(requiredText(MAX_PARAGRAPH_LENGTH), 'Excerpt', 'Summary shown on post cards and as the meta description.', {
    kind: 'textarea',
  }),
  /** Publication date, YYYY-MM-DD. Lists sort on it, newest first. */
  date: field(z.iso.date('Pick a date (YYYY-MM-DD)'), 'Date', 'The date the post shows; lists put the newest first.'),
  /** Name of the author. */
  author: field(requiredText(MAX_LABEL_LENGTH), 'Author', 'Name of the author.'),
  /** Optional cover image, also used as the page's og:image. */
  cover: field(ImageSelectionSchema.optional(), 'Cover', 'Cover image of the post.'),
  /** Slugs of the tags this post carries (a relation to the tags collection). */
  tags: field(z.array(entrySlug()), 'Tags', 'The topics this post is filed under; its page links to each.', { relation: 'tags' }),
  /** The essay itself, in Markdown. */
  body: field(markdown(), 'Body', 'The text of the post: headings, bold, italic, links, lists and quotes work.', { kind: 'markdown' }),
});

export default defineCollection({
  name: 'posts',
  label: 'Posts',
  singular: 'post',
  description: 'Dated essays with an author, tags and a Markdown body; each gets a page from the posts template page.',
  schema: PostSchema,
  labelField: 'title',
  dateField: 'date',
  // A new post is a draft: its placeholder text never goes live by a reflexive Save, only by Publish.
  starter: ({ title, today }) => ({ status: 'draft', title, excerpt: 'A sentence or two that sums up the post.', date: today, author: 'Editor', tags: [], body: 'Start writing here.' }),
});
