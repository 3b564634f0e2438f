import { z } from 'astro/zod';
import { defineSection } from '../../engine/schema/define-section';
import { CtaSchema, field, heading, MAX_PARAGRAPH_LENGTH, optionalText } from '../../engine/schema/primitives';

export default defineSection({
  type: 'cta-banner',
  label: 'Call to action',
  description: 'A banner with a title, optional description and up to two buttons.',
  keywords: ['buttons', 'sign up', 'contact', 'banner'],
  schema: z.object({
    /** Headline of the banner. */
    title: field(heading(), 'Title', 'Headline of the banner.'),
    /** Optional copy under the headline. */
    description: field(optionalText(MAX_PARAGRAPH_LENGTH), 'Description', 'Optional copy under the headline.', { kind: 'textarea' }),
    /** Up to two buttons. */
    ctas: field(z.array(CtaSchema).max(2, 'At most two buttons'), 'Buttons', 'Up to two buttons.'),
  }),
  // Copy to keep; the other defaults are sample text (see SectionDefinition.keptDefaults).
  keptDefaults: ['title', 'ctas'],
  defaults: {
    title: 'Ready to start?',
    description: 'Tell visitors what to do next.',
    ctas: [{ id: 'cta-primary', label: 'Get in touch', href: '/', variant: 'primary' }],
  },
});
