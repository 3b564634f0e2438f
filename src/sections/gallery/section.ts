import { z } from 'astro/zod';
import { defineSection } from '../../engine/schema/define-section';
import { eyebrow, field, ImageSelectionSchema, MAX_LINE_LENGTH, MAX_PARAGRAPH_LENGTH, optionalHeading, optionalText } from '../../engine/schema/primitives';

const GalleryImageSchema = z
  .object({
    /** The picture and its alt text. */
    image: field(ImageSelectionSchema, 'Image', 'The picture, with alt text that describes it.'),
    /** Optional line shown under the picture. */
    caption: field(optionalText(MAX_LINE_LENGTH), 'Caption', 'Optional line shown under the picture; the alt text describes the picture itself.'),
  })
  .meta({ title: 'Picture', description: 'A picture with its optional caption.' });

export default defineSection({
  type: 'gallery',
  label: 'Gallery',
  description: 'Pictures with captions in a grid; each opens full size when clicked.',
  keywords: ['media', 'images', 'photos', 'pictures', 'photo grid', 'lightbox'],
  schema: z.object({
    /** Small eyebrow text above the title. */
    label: field(eyebrow(), 'Eyebrow', 'Small text above the title.'),
    /** Optional heading of the gallery. */
    title: field(optionalHeading(), 'Title', 'Optional heading of the gallery.'),
    /** Optional copy under the heading. */
    description: field(optionalText(MAX_PARAGRAPH_LENGTH), 'Description', 'Optional copy under the heading.', { kind: 'textarea' }),
    /** The pictures, 1 to 24, in order. */
    images: field(
      z.array(GalleryImageSchema).min(1, 'Add at least one picture').max(24, 'At most 24 pictures'),
      'Pictures',
      'The pictures, 1 to 24, in order.',
    ),
    /** Columns on wide screens; narrow screens show fewer. */
    columns: field(z.enum(['2', '3', '4']).default('3'), 'Columns', 'Pictures per row on wide screens; phones show one or two.', {
      optionLabels: { '2': '2 per row', '3': '3 per row', '4': '4 per row' },
    }),
    /** Each picture links to its image file. */
    openFullSize: field(z.boolean().default(true), 'Open full size', 'Each picture links to its full-size file, so visitors can look closer.'),
  }),
  // Copy to keep; the other defaults are sample text (see SectionDefinition.keptDefaults).
  keptDefaults: ['title'],
  defaults: {
    title: 'Gallery',
    images: [
      { image: { url: '/assets/images/cover-editorial.webp', alt: 'Overlapping paper sheets in pink and yellow' }, caption: 'A caption for the first picture' },
      { image: { url: '/assets/images/cover-performance.webp', alt: 'A glowing orange line curving across a dark background' } },
    ],
    columns: '3',
    openFullSize: true,
  },
});
