import { z } from 'astro/zod';
import { defineSection } from '../../engine/schema/define-section';
import { ResolvedTagSchema } from '../../engine/schema/collections';
import { eyebrow, field, heading, MAX_PARAGRAPH_LENGTH, optionalText } from '../../engine/schema/primitives';

export default defineSection({
  type: 'tags-list',
  label: 'Tags list',
  description: 'A card grid of every tag, each linking to its tag page.',
  schema: z.object({
    /** Small eyebrow text above the title. */
    label: field(eyebrow(), 'Eyebrow', 'Small text above the title.'),
    /** Heading of the grid. */
    title: field(heading(), 'Title', 'Heading of the grid.'),
    /** Optional copy under the heading. */
    description: field(optionalText(MAX_PARAGRAPH_LENGTH), 'Description', 'Optional copy under the heading.', { kind: 'textarea' }),
    /** Bound: every tag, by name. */
    tags: field(z.array(ResolvedTagSchema), 'Tags', 'Filled from the tags collection.'),
  }),
  bound: ['tags'],
  // On a tag's own page, the grid leaves that tag out.
  bind: (_data, context) => ({
    tags: context.tags().filter((tag) => !(context.current?.collection === 'tags' && tag.slug === context.current.slug)),
  }),
  // Copy to keep; the other defaults are sample text (see SectionDefinition.keptDefaults).
  keptDefaults: ['title'],
  defaults: { title: 'Browse by topic' },
});
