import { z } from 'astro/zod';
import { defineSection } from '../../engine/schema/define-section';
import { eyebrow, field, heading, MAX_PARAGRAPH_LENGTH, MenuItemSchema, optionalHeading, optionalText, requiredText } from '../../engine/schema/primitives';
import { ICON_NAMES } from '../../engine/icons';

const FeatureSchema = z
  .object({
    /** One of the built-in icons. */
    icon: field(z.enum(ICON_NAMES), 'Icon', 'One of the built-in icons.', { kind: 'icon' }),
    /** Name of the feature, a few words. */
    title: field(heading(), 'Title', 'Name of the feature, in a few words.'),
    /** One or two sentences about it. */
    text: field(requiredText(MAX_PARAGRAPH_LENGTH), 'Text', 'One or two sentences about it.', { kind: 'textarea' }),
    /** Optional link to more about the feature. */
    link: field(
      MenuItemSchema.optional(),
      'Link',
      'Optional link to more about it. Name where it leads ("Read the accessibility guide"), not "Learn more".',
    ),
  })
  .meta({ title: 'Feature', description: 'An icon, a title, a sentence or two, and an optional link.' });

export default defineSection({
  type: 'feature-grid',
  label: 'Feature grid',
  description: 'A grid of features or services, each with an icon, a title, a short text and an optional link.',
  keywords: ['services', 'benefits', 'icons', 'cards'],
  schema: z.object({
    /** Small eyebrow text above the title. */
    label: field(eyebrow(), 'Eyebrow', 'Small text above the title.'),
    /** Heading above the grid. */
    title: field(optionalHeading(), 'Title', 'Heading above the grid.'),
    /** Optional copy under the heading. */
    description: field(optionalText(MAX_PARAGRAPH_LENGTH), 'Description', 'Optional copy under the heading.', { kind: 'textarea' }),
    /** The features, 1 to 12. */
    items: field(
      z.array(FeatureSchema).min(1, 'Add at least one feature').max(12, 'At most 12 features'),
      'Features',
      'The features, 1 to 12, in the order shown.',
    ),
    /** How many columns wide screens show; phones always show one. */
    columns: field(
      z.enum(['2', '3', '4'], { error: 'Columns must be 2, 3 or 4' }).default('3'),
      'Columns',
      'How many columns wide screens show; phones show one, tablets two.',
      { optionLabels: { '2': 'Two columns', '3': 'Three columns', '4': 'Four columns' } },
    ),
  }),
  // Copy to keep; the other defaults are sample text (see SectionDefinition.keptDefaults).
  keptDefaults: ['title'],
  defaults: {
    title: 'What you get',
    items: [
      { icon: 'zap', title: 'Fast', text: 'Pages load in under a second.' },
      { icon: 'shield', title: 'Accessible', text: 'Checked against WCAG 2.2 AA.' },
      { icon: 'layers', title: 'Structured', text: 'Content in typed sections.' },
    ],
    columns: '3',
  },
});
