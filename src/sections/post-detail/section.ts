import { z } from 'astro/zod';
import { defineSection, requireEntry } from '../../engine/schema/define-section';
import { ResolvedPostSchema } from '../../engine/schema/collections';
import { field } from '../../engine/schema/primitives';

export default defineSection({
  type: 'post-detail',
  template: 'posts',
  label: 'Post',
  // Its title is the page's h1 unless another title section comes first (src/engine/main-heading.ts).
  viewReads: { mainHeading: true },
  description: 'The post itself: its title, byline, cover and text, on each post’s page.',
  schema: z.object({
    /** Shows the post's cover image above the body. */
    showCover: field(z.boolean().default(true), 'Show cover', "Show the post's cover image above the body."),
    /** Bound: the post this template page is rendering. */
    post: field(ResolvedPostSchema, 'Post', 'Filled from the current posts entry.'),
  }),
  bound: ['post'],
  bind: (_data, context) => ({ post: requireEntry(context, 'posts', 'post-detail').post }),
  defaults: { showCover: true },
});
