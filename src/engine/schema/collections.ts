/**
 * The posts and tags collections: what an entry file stores, and what the
 * resolver hands to sections once relations are expanded. The Astro content
 * collections in src/content.config.ts use the stored schemas from here.
 */
import { z } from 'astro/zod';
import { collectionNames, collectionRegistry } from '../../collections/registry';
import { PostSchema } from '../../collections/posts/collection';
import { TagSchema } from '../../collections/tags/collection';
import { link, markdown } from './primitives';
import { pointerFromPath } from '../pointer';
import { unknownFields } from './unknown-fields';
import { publicationFields } from './publication';

/** The registered collections' names (src/collections/registry.ts). */
export const COLLECTIONS = collectionNames as readonly [string, ...string[]];
export type CollectionName = string;

export { PostSchema } from '../../collections/posts/collection';
export { TagSchema } from '../../collections/tags/collection';

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

/**
 * Each collection's stored schema, by name: the registry's schema with the
 * publication fields every entry may have. Validation, the editor's forms and
 * the docs read this; sections receive entries without them.
 */
export const collectionSchemas: Readonly<Record<string, z.ZodObject<z.ZodRawShape>>> = Object.fromEntries(
  [...collectionRegistry].map(([name, definition]) => [name, definition.schema.extend(publicationFields)]),
);

/** Each collection's content fields (the registry's schema): what an entry is once its publication fields are set aside. */
export const entryContentSchemas: Readonly<Record<string, z.ZodObject<z.ZodRawShape>>> = Object.fromEntries(
  [...collectionRegistry].map(([name, definition]) => [name, definition.schema]),
);

export type Tag = z.infer<typeof TagSchema>;
export type Post = z.infer<typeof PostSchema>;
export type ResolvedTag = z.infer<typeof ResolvedTagSchema>;
export type PostSummary = z.infer<typeof PostSummarySchema>;
export type ResolvedPost = z.infer<typeof ResolvedPostSchema>;

/** Every problem of a stored entry, unknown fields included (they would be dropped silently). */
export function entryIssues(collection: CollectionName, value: unknown): { path: string; message: string }[] {
  const schema = collectionSchemas[collection];
  if (!schema) return [{ path: '', message: `There is no collection "${collection}"` }];
  const parsed = schema.safeParse(value);
  const problems = [...unknownFields(schema, value), ...(parsed.success ? [] : parsed.error.issues)];
  return problems.map((problem) => ({ path: pointerFromPath(problem.path as (string | number)[]), message: problem.message }));
}
