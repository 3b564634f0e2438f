import { z } from 'astro/zod';
import { defineSection } from '../../engine/schema/define-section';
import { eyebrow, field, ImageSelectionSchema, MAX_LABEL_LENGTH, MAX_LINE_LENGTH, MAX_PARAGRAPH_LENGTH, optionalHeading, optionalText, requiredText } from '../../engine/schema/primitives';

const TestimonialSchema = z
  .object({
    /** What they said, without quotation marks (the design adds them). */
    quote: field(requiredText(MAX_PARAGRAPH_LENGTH), 'Quote', 'What they said, without quotation marks: the design adds them.', { kind: 'textarea' }),
    /** Who said it. */
    name: field(requiredText(MAX_LABEL_LENGTH), 'Name', 'Who said it.'),
    /** Their role and organisation, e.g. "Editor-in-chief, The Ledger". */
    role: field(optionalText(MAX_LINE_LENGTH), 'Role', 'Their role and organisation, e.g. "Editor-in-chief, The Ledger".'),
    /** Optional portrait; without one, their initials are shown. */
    photo: field(ImageSelectionSchema.optional(), 'Photo', 'Optional portrait, shown small and round; without one, their initials are shown.'),
  })
  .meta({ title: 'Testimonial', description: 'A quote with the name and role of the person who said it.' });

export default defineSection({
  type: 'testimonials',
  label: 'Testimonials',
  description: 'Quotes from clients or readers, each with their name, role and an optional photo.',
  keywords: ['quotes', 'reviews', 'customers', 'social proof'],
  schema: z.object({
    /** Small eyebrow text above the title. */
    label: field(eyebrow(), 'Eyebrow', 'Small text above the title.'),
    /** Heading above the quotes. */
    title: field(optionalHeading(), 'Title', 'Heading above the quotes.'),
    /** Optional copy under the heading. */
    description: field(optionalText(MAX_PARAGRAPH_LENGTH), 'Description', 'Optional copy under the heading.', { kind: 'textarea' }),
    /** The quotes, 1 to 9. */
    items: field(
      z.array(TestimonialSchema).min(1, 'Add at least one testimonial').max(9, 'At most 9 testimonials'),
      'Testimonials',
      'The quotes, 1 to 9, in the order shown.',
    ),
  }),
  // Copy to keep; the other defaults are sample text (see SectionDefinition.keptDefaults).
  keptDefaults: ['title'],
  defaults: {
    title: 'What our clients say',
    items: [{ quote: 'A sentence or two about working with you, in their words.', name: 'Client name', role: 'Role, Organisation' }],
  },
});
