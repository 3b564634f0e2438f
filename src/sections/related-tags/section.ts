import { z } from 'astro/zod';
import { defineSection, requireEntry } from '../../engine/schema/define-section';
import { ResolvedTagSchema } from '../../engine/schema/collections';
import { field, heading } from '../../engine/schema/primitives';

export default defineSection({
  type: 'related-tags',
  template: 'posts',
  label: 'Related tags',
  description: "The tags of the current post, resolved through its tags relation.",
  schema: z.object({
    /** Heading above the tag chips. */
    title: field(heading(), 'Title', 'Heading above the tag chips.'),
    /** Bound: the tags of the current post. */
    tags: field(z.array(ResolvedTagSchema), 'Tags', "Filled from the current post's tags."),
  }),
  bound: ['tags'],
  bind: (_data, context) => ({ tags: requireEntry(context, 'posts', 'related-tags').post.tags }),
  // Copy to keep; the other defaults are sample text (see SectionDefinition.keptDefaults).
  keptDefaults: ['title'],
  defaults: { title: 'Filed under' },
});
