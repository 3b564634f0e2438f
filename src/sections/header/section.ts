import { z } from 'astro/zod';
import { defineSection } from '../../engine/schema/define-section';
import { baseSettings, CtaSchema, field, link, MAX_LABEL_LENGTH, MAX_LINE_LENGTH, MenuItemSchema, requiredText } from '../../engine/schema/primitives';
import { isCurrentPath } from '../../components/views/format';

export default defineSection({
  type: 'header',
  label: 'Header',
  description: 'Site navigation bar with logo text, an optional announcement strip and a menu.',
  element: 'header',
  placement: 'once',
  // The brand mark's gradient id comes from the section id; of the path, the view reads only which menu items are current.
  viewReads: { id: true, path: (data, path) => data.menu.map((item) => isCurrentPath(item.href, path)) },
  schema: z.object({
    /** Brand name shown as the logo. */
    logoText: field(requiredText(MAX_LABEL_LENGTH), 'Logo text', 'Brand name shown as the logo.'),
    /** Where the logo links to. */
    logoHref: field(link().default('/'), 'Logo link', 'Where the logo links to; usually the home page.'),
    /** Optional strip above the bar for news or a launch. */
    announcement: field(
      z.object({
        /** Text of the strip. */
        text: field(requiredText(MAX_LINE_LENGTH), 'Text', 'Text of the announcement strip.'),
        /** Optional link for the strip. */
        href: field(link().optional(), 'Link', 'Optional link for the strip.'),
      }).optional(),
      'Announcement',
      'Optional strip above the navigation bar.',
    ),
    /** Navigation links, in order. */
    menu: field(z.array(MenuItemSchema).max(8), 'Menu', 'Navigation links, in order (at most 8).'),
    /** Optional button at the end of the bar. */
    cta: field(CtaSchema.optional(), 'Button', 'Optional button at the end of the bar.'),
  }),
  settings: baseSettings.extend({
    /** Pins the header to the top of the viewport on scroll. */
    sticky: field(z.boolean().default(false), 'Sticky', 'Pin the header to the top of the viewport on scroll.'),
  }),
  // Copy to keep; the other defaults are sample text (see SectionDefinition.keptDefaults).
  keptDefaults: ['menu'],
  defaults: {
    logoText: 'Brand',
    logoHref: '/',
    menu: [
      { label: 'Home', href: '/' },
      { label: 'About', href: '/about/' },
    ],
  },
});
