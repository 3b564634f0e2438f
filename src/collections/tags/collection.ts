import { z } from 'astro/zod';
import { defineCollection } from '../../engine/schema/define-collection';
import { field, hexColour, MAX_LABEL_LENGTH, MAX_PARAGRAPH_LENGTH, optionalText, requiredText } from '../../engine/schema/primitives';

/** A tag, stored as `src/data/collections/tags/<slug>.json`. */
export const TagSchema = z.object({
  /** Display name of the tag. */
  name: field(requiredText(MAX_LABEL_LENGTH), 'Name', 'Display name of the tag.'),
  /**
   * One or two sentences on what the tag covers, if any. Optional, so a new tag starts without one:
   * a tag is public at once, and a starter sentence would have been sample text on its page.
   */
  description: field(optionalText(MAX_PARAGRAPH_LENGTH), 'Description', 'One or two sentences on what the tag covers, shown on its page and in lists of topics.', {
    kind: 'textarea',
  }),
  /** Accent colour used by tag chips and the tag header, as #rrggbb. */
  accent: field(
    hexColour(),
    'Accent colour',
    'Colour of the tag chips and the tag header: pick it with the swatch, or type a colour code such as #1e40af.',
    { kind: 'color' },
  ),
});

export default defineCollection({
  name: 'tags',
  label: 'Tags',
  singular: 'tag',
  description: 'Topics that group posts; each tag gets a page from the tags template page.',
  schema: TagSchema,
  labelField: 'name',
  // No description: the tag is public at once (posts show it), so a sentence to replace would be public too.
  starter: ({ title }) => ({ name: title, accent: '#4f46e5' }),
});
