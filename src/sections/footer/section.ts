import { z } from 'astro/zod';
import { defineSection } from '../../engine/schema/define-section';
import { baseSettings, emailAddress, field, MAX_LABEL_LENGTH, MAX_LINE_LENGTH, MenuItemSchema, optionalText, requiredText } from '../../engine/schema/primitives';

export default defineSection({
  type: 'footer',
  label: 'Footer',
  description: 'Brand text, tagline, contact email, copyright line and a menu.',
  element: 'footer',
  placement: 'once',
  // The brand mark's gradient id comes from the section id.
  viewReads: { id: true },
  schema: z.object({
    /** Brand name shown in the footer. */
    brandText: field(requiredText(MAX_LABEL_LENGTH), 'Brand text', 'Brand name shown in the footer.'),
    /** Short line under the brand. */
    tagline: field(optionalText(MAX_LINE_LENGTH), 'Tagline', 'Short line under the brand.'),
    /** Contact address, rendered as a mailto link. */
    email: field(emailAddress('Enter an email address').optional(), 'Email', 'Contact address, shown as a mailto link.'),
    /** Copyright line, e.g. "© 2026 Northwind Studio". */
    copyright: field(requiredText(MAX_LINE_LENGTH), 'Copyright', 'Copyright line at the bottom of the footer.'),
    /** Footer links, in order. */
    menu: field(z.array(MenuItemSchema).max(12), 'Menu', 'Footer links, in order (at most 12).'),
  }),
  settings: baseSettings.extend({
    /** Shows or hides the brand mark in the footer. */
    showLogo: field(z.boolean().default(true), 'Show logo', 'Show the brand mark in the footer.'),
  }),
  defaults: {
    brandText: 'Brand',
    copyright: '© 2026 Brand',
    menu: [],
  },
});
