/**
 * The posts and tags collections: what an entry file stores, and what the
 * resolver hands to sections once relations are expanded. The Astro content
 * collections in src/content.config.ts use the stored schemas from here.
 */
import { z } from 'astro/zod';
import { field, ImageSelectionSchema, link, markdown, text } from './primitives';
import { SEGMENT_PATTERN } from '../slug';
import { pointerFromPath } from '../pointer';
import { unknownFields } from './unknown-fields';

export const COLLECTIONS = ['posts', 'tags'] as const;
export type CollectionName = (typeof COLLECTIONS)[number];

const entrySlug = () => z.string().regex(SEGMENT_PATTERN, 'Use lowercase letters, digits and hyphens');

/** A tag, stored as `src/data/collections/tags/<slug>.json`. */
export const TagSchema = z.object({
  /** Display name of the tag. */
  name: field(text(), 'Name', 'Display name of the tag.'),
  /** One or two sentences on what the tag covers. */
  description: field(text(), 'Description', 'One or two sentences on what the tag covers.', {
    kind: 'textarea',
  }),
  /** Accent colour used by tag chips and the tag header, as #rrggbb. */
  accent: field(
    z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Use a #rrggbb colour'),
    'Accent colour',
    'Colour of the tag chips and the tag header, as #rrggbb.',
    { kind: 'color' },
  ),
});

/** A post, stored as `src/data/collections/posts/<slug>.json`. */
export const PostSchema = z.object({
  /** Headline of the post. */
  title: field(text(), 'Title', 'Headline of the post.'),
  /** One- or two-sentence summary shown on cards and as the meta description. */
  excerpt: field(text(), 'Excerpt', 'Summary shown on post cards and as the meta description.', {
    kind: 'textarea',
  }),
  /** Publication date, YYYY-MM-DD. Lists sort on it, newest first. */
  date: field(z.iso.date('Use a YYYY-MM-DD date'), 'Date', 'Publication date, YYYY-MM-DD.'),
  /** Name of the author. */
  author: field(text(), 'Author', 'Name of the author.'),
  /** Optional cover image, also used as the page's og:image. */
  cover: field(ImageSelectionSchema.optional(), 'Cover', 'Cover image of the post.'),
  /** Slugs of the tags this post carries (a relation to the tags collection). */
  tags: field(z.array(entrySlug()), 'Tags', 'Slugs of the tags this post carries.', { relation: 'tags' }),
  /** The essay itself, in Markdown. */
  body: field(markdown(), 'Body', 'The essay, in Markdown.', { kind: 'markdown' }),
});

/** A tag as sections receive it: the stored fields plus its slug and URL. */
export const ResolvedTagSchema = TagSchema.extend({
  slug: z.string(),
  /** Path of the tag's page, when a tags template page exists. */
  url: link().optional(),
});

/** A post card: everything but the body, with its tags expanded. */
export const PostSummarySchema = PostSchema.omit({ body: true }).extend({
  slug: z.string(),
  /** Path of the post's page, when a posts template page exists. */
  url: link().optional(),
  tags: z.array(ResolvedTagSchema),
});

/** A whole post, as post-detail receives it. */
export const ResolvedPostSchema = PostSummarySchema.extend({ body: markdown() });

export const collectionSchemas = { posts: PostSchema, tags: TagSchema } as const;

export type Tag = z.infer<typeof TagSchema>;
export type Post = z.infer<typeof PostSchema>;
export type ResolvedTag = z.infer<typeof ResolvedTagSchema>;
export type PostSummary = z.infer<typeof PostSummarySchema>;
export type ResolvedPost = z.infer<typeof ResolvedPostSchema>;

/** Every problem of a stored entry, unknown fields included (they would be dropped silently). */
export function entryIssues(collection: CollectionName, value: unknown): { path: string; message: string }[] {
  const parsed = collectionSchemas[collection].safeParse(value);
  const problems = [...unknownFields(collectionSchemas[collection], value), ...(parsed.success ? [] : parsed.error.issues)];
  return problems.map((problem) => ({ path: pointerFromPath(problem.path as (string | number)[]), message: problem.message }));
}
