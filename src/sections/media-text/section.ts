import { z } from 'astro/zod';
import { defineSection } from '../../engine/schema/define-section';
import { CtaSchema, eyebrow, field, ImageSelectionSchema, markdown, optionalHeading } from '../../engine/schema/primitives';

export default defineSection({
  type: 'media-text',
  label: 'Image and text',
  description: 'An image beside formatted text, on the side you choose; they stack on phones, image first.',
  keywords: ['media', 'picture', 'photo', 'illustration', 'side by side', 'columns'],
  schema: z.object({
    /** Small eyebrow text above the title. */
    label: field(eyebrow(), 'Eyebrow', 'Small text above the title.'),
    /** Heading of the text. */
    title: field(optionalHeading(), 'Title', 'Heading of the text.'),
    /** The text, in Markdown. */
    body: field(markdown().regex(/\S/, 'Write the text that goes beside the image'), 'Text', 'The text beside the image: bold, italic, links and lists work.', { kind: 'markdown' }),
    /** The image, shown at 16:10 and cropped to it. */
    image: field(ImageSelectionSchema, 'Image', 'Shown at 16:10, cropped to fit; 1200 × 750 pixels or larger looks sharp.'),
    /** Which side the image takes on wide screens. */
    imageSide: field(
      z.enum(['left', 'right'], { error: 'The image side must be left or right' }).default('left'),
      'Image side',
      'Which side the image takes on wide screens; on phones it always comes first.',
      { optionLabels: { left: 'Image on the left', right: 'Image on the right' } },
    ),
    /** Optional button under the text. */
    cta: field(CtaSchema.optional(), 'Button', 'Optional button under the text.'),
  }),
  defaults: {
    title: 'A heading for this idea',
    body: 'Two or three sentences that explain the picture. **Bold**, _italic_ and [links](/) work.',
    image: { url: '/assets/images/cover-content-modeling.webp', alt: 'Index cards laid out in a grid, each a different colour' },
    imageSide: 'left',
  },
});
