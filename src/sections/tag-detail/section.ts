import { z } from 'astro/zod';
import { defineSection, requireEntry } from '../../engine/schema/define-section';
import { ResolvedTagSchema } from '../../engine/schema/collections';
import { eyebrow, field } from '../../engine/schema/primitives';

export default defineSection({
  type: 'tag-detail',
  template: 'tags',
  label: 'Tag header',
  // Its title is the page's h1 unless another title section comes first (src/engine/main-heading.ts).
  viewReads: { mainHeading: true },
  description: "A header card for the current tag: its name, description and accent colour.",
  schema: z.object({
    /** Small eyebrow text above the tag name. */
    label: field(eyebrow(), 'Eyebrow', 'Small text above the tag name.'),
    /** Bound: the tag this template page is rendering. */
    tag: field(ResolvedTagSchema, 'Tag', 'Filled from the current tags entry.'),
  }),
  bound: ['tag'],
  bind: (_data, context) => ({ tag: requireEntry(context, 'tags', 'tag-detail').tag }),
  // Copy to keep; the other defaults are sample text (see SectionDefinition.keptDefaults).
  keptDefaults: ['label'],
  defaults: { label: 'Topic' },
});
