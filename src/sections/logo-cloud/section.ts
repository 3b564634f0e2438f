import { z } from 'astro/zod';
import { defineSection } from '../../engine/schema/define-section';
import { field, ImageSelectionSchema, link, optionalHeading } from '../../engine/schema/primitives';

const LogoSchema = z
  .object({
    /** The logo; its alt text is the organisation's name. */
    image: field(ImageSelectionSchema, 'Logo', 'The logo image; its alt text is the organisation’s name.'),
    /** Optional link, e.g. to the organisation's site or a case study. */
    href: field(link().optional(), 'Link', 'Optional link, e.g. to the organisation’s site or a case study.'),
  })
  .meta({ title: 'Logo', description: 'A logo with an optional link.' });

export default defineSection({
  type: 'logo-cloud',
  label: 'Logo cloud',
  description: 'A row of client or partner logos, each with an optional link.',
  keywords: ['media', 'images', 'clients', 'partners', 'brands', 'customers'],
  schema: z.object({
    /** Optional line above the logos. */
    title: field(optionalHeading(), 'Title', 'Optional line above the logos, e.g. Trusted by teams at.'),
    /** The logos, 1 to 24. */
    logos: field(z.array(LogoSchema).min(1, 'Add at least one logo').max(24, 'At most 24 logos'), 'Logos', 'The logos, 1 to 24, in order.'),
  }),
  // Copy to keep; the other defaults are sample text (see SectionDefinition.keptDefaults).
  keptDefaults: ['title'],
  defaults: {
    title: 'Trusted by',
    logos: [
      { image: { url: '/assets/images/logo-harbor-review.webp', alt: 'Harbor Review' } },
      { image: { url: '/assets/images/logo-open-ledger.webp', alt: 'Open Ledger' } },
      { image: { url: '/assets/images/logo-kestrel-labs.webp', alt: 'Kestrel Labs' } },
    ],
  },
});
