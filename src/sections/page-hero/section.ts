import { z } from 'astro/zod';
import { defineSection } from '../../engine/schema/define-section';
import { eyebrow, field, heading, MAX_PARAGRAPH_LENGTH, optionalText } from '../../engine/schema/primitives';

export default defineSection({
  type: 'page-hero',
  label: 'Page header',
  // Its title is the page's h1 unless another title section comes first (src/engine/main-heading.ts).
  viewReads: { mainHeading: true },
  description: 'A compact header for interior pages: label, title and description.',
  schema: z.object({
    /** Small eyebrow text above the title. */
    label: field(eyebrow(), 'Eyebrow', 'Small text above the title.'),
    /** Title of the page. */
    title: field(heading(), 'Title', 'Title of the page.'),
    /** One or two sentences under the title. */
    description: field(optionalText(MAX_PARAGRAPH_LENGTH), 'Description', 'One or two sentences under the title.', { kind: 'textarea' }),
  }),
  defaults: { title: 'Page title', description: 'A sentence that tells visitors what this page is about.' },
});
