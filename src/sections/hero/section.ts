import { z } from 'astro/zod';
import { defineSection } from '../../engine/schema/define-section';
import { CtaSchema, eyebrow, field, heading, ImageSelectionSchema, MAX_PARAGRAPH_LENGTH, optionalHeading, PADDING_LABELS, PADDINGS, requiredText } from '../../engine/schema/primitives';

/** The hero documents paddings up to `xl` (spec §2.3 rule 2). */
const HeroPaddingSchema = z.enum(PADDINGS.filter((p) => p !== '2xl') as ['none', 'sm', 'md', 'lg', 'xl']).meta({ optionLabels: PADDING_LABELS });

export default defineSection({
  type: 'hero',
  label: 'Hero',
  description: 'The opening headline of a page, with supporting copy, buttons and an optional image.',
  keywords: ['banner', 'headline', 'intro', 'picture', 'photo'],
  placement: 'first',
  // Its title is the page's h1 unless another title section comes first (src/engine/main-heading.ts).
  viewReads: { mainHeading: true },
  schema: z.object({
    /** Small eyebrow text above the title. */
    label: field(eyebrow(), 'Eyebrow', 'Small text above the title.'),
    /** Main headline, or its first part when titleHighlight is set. */
    title: field(heading(), 'Title', 'Main headline, or its first part when a highlight is set.'),
    /** Second, separately styled part of the headline. */
    titleHighlight: field(optionalHeading(), 'Title highlight', 'Second, accented part of the headline.'),
    /** Supporting copy below the headline. */
    subtitle: field(requiredText(MAX_PARAGRAPH_LENGTH), 'Subtitle', 'Supporting copy below the headline.', { kind: 'textarea' }),
    /** Main call-to-action, always shown. */
    primaryCta: field(CtaSchema, 'Primary button', 'Main call-to-action, always shown.'),
    /** Optional second button beside the primary one. */
    secondaryCta: field(CtaSchema.optional(), 'Secondary button', 'Optional second button beside the primary one.'),
    /** Optional image in the hero layout. */
    image: field(ImageSelectionSchema.optional(), 'Image', 'Optional image beside the headline.'),
  }),
  settings: z.object({
    /** Omitted: the theme's generous hero spacing applies. */
    paddingTop: field(HeroPaddingSchema.optional(), 'Padding top', 'Space above the hero; left empty, the usual space.'),
    /** Vertical spacing below the hero. */
    paddingBottom: field(HeroPaddingSchema.default('md'), 'Padding bottom', 'Vertical spacing below the hero.'),
  }),
  // Copy to keep; the other defaults are sample text (see SectionDefinition.keptDefaults).
  keptDefaults: ['primaryCta'],
  defaults: {
    title: 'A clear promise',
    titleHighlight: 'in a few words',
    subtitle: 'One or two sentences that explain what you offer and who it is for.',
    primaryCta: { id: 'hero-primary', label: 'Get started', href: '/', variant: 'primary' },
  },
});
