import { z } from 'astro/zod';
import { defineSection } from '../../engine/schema/define-section';
import { field, MAX_LABEL_LENGTH, optionalHeading, requiredText } from '../../engine/schema/primitives';
import { ICON_NAMES } from '../../engine/icons';

export default defineSection({
  type: 'stats-band',
  label: 'Stats band',
  description: 'A band of key figures, each with an icon, a value and a label.',
  keywords: ['numbers', 'figures', 'metrics', 'facts'],
  schema: z.object({
    /** Optional heading above the figures. */
    title: field(optionalHeading(), 'Title', 'Optional heading above the figures.'),
    /** The figures, 1 to 6. */
    stats: field(
      z
        .array(
          z.object({
            /** One of the built-in icons. */
            icon: field(z.enum(ICON_NAMES), 'Icon', 'One of the built-in icons.', { kind: 'icon' }),
            /** The figure, e.g. "12k" or "99.9%". */
            value: field(requiredText(MAX_LABEL_LENGTH), 'Value', 'The figure, e.g. 12k or 99.9%.'),
            /** What the figure counts. */
            label: field(requiredText(MAX_LABEL_LENGTH), 'Label', 'What the figure counts.'),
          }).meta({ title: 'Stat', description: 'A figure with its icon and label.' }),
        )
        .min(1, 'Add at least one stat')
        .max(6, 'At most 6 stats'),
      'Stats',
      'The figures, 1 to 6.',
    ),
  }),
  defaults: {
    stats: [
      { icon: 'users', value: '10k', label: 'Readers' },
      { icon: 'zap', value: '0 KB', label: 'JavaScript' },
      { icon: 'star', value: '4.9', label: 'Rating' },
    ],
  },
});
