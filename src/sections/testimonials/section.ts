import { z } from 'astro/zod';
import { defineSection } from '../../engine/schema/define-section';
import { field, ImageSelectionSchema, optionalHeading, text } from '../../engine/schema/primitives';

const TestimonialSchema = z
  .object({
    /** What they said, without quotation marks (the design adds them). */
    quote: field(text(), 'Quote', 'What they said, without quotation marks: the design adds them.', { kind: 'textarea' }),
    /** Who said it. */
    name: field(text(), 'Name', 'Who said it.'),
    /** Their role and organisation, e.g. "Editor-in-chief, The Ledger". */
    role: field(z.string().optional(), 'Role', 'Their role and organisation, e.g. "Editor-in-chief, The Ledger".'),
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
    label: field(z.string().optional(), 'Eyebrow', 'Small text above the title.'),
    /** Heading above the quotes. */
    title: field(optionalHeading(), 'Title', 'Heading above the quotes.'),
    /** Optional copy under the heading. */
    description: field(z.string().optional(), 'Description', 'Optional copy under the heading.', { kind: 'textarea' }),
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
