import { z } from 'astro/zod';
import { defineSection } from '../../engine/schema/define-section';
import { CtaSchema, eyebrow, field, MAX_LABEL_LENGTH, MAX_LINE_LENGTH, MAX_PARAGRAPH_LENGTH, optionalHeading, optionalText, requiredText } from '../../engine/schema/primitives';

const PlanSchema = z
  .object({
    /** The plan's name, its heading. */
    name: field(requiredText(MAX_LABEL_LENGTH), 'Name', 'The plan’s name, shown as its heading.'),
    /** The price as visitors read it. */
    price: field(requiredText(MAX_LABEL_LENGTH), 'Price', 'The price as visitors read it, e.g. €9,800, From €3,500 or On request.'),
    /** What the price is per. */
    period: field(optionalText(MAX_LABEL_LENGTH), 'Period', 'What the price is per, e.g. per project or per month.'),
    /** One or two sentences on who the plan is for. */
    description: field(optionalText(MAX_PARAGRAPH_LENGTH), 'Description', 'One or two sentences on who the plan is for.', { kind: 'textarea' }),
    /** What the plan includes, one line each. */
    features: field(z.array(requiredText(MAX_LINE_LENGTH)).max(12, 'At most 12 features per plan'), 'Features', 'What the plan includes, one line each (up to 12).'),
    /** The plan's button. */
    cta: field(CtaSchema, 'Button', 'The plan’s call to action.'),
    /** Marks the recommended plan. */
    highlighted: field(z.boolean().default(false), 'Highlight', 'Marks the plan you recommend. Only one plan per table can be highlighted.'),
  })
  .meta({ title: 'Plan', description: 'A plan with its price, features and button.' });

/**
 * At most one highlighted plan: each extra one is refused at its own switch,
 * naming the plan that holds the highlight. It runs even while another field
 * of a plan is invalid, so the conflict shows as soon as it is made.
 */
function atMostOneHighlighted(plans: { name?: unknown; highlighted?: unknown }[], context: z.RefinementCtx) {
  const highlighted = plans.flatMap((plan, index) => (plan?.highlighted === true ? [index] : []));
  const [first, ...others] = highlighted;
  for (const index of others) {
    const name = typeof plans[first!]!.name === 'string' && plans[first!]!.name ? `“${plans[first!]!.name}”` : `plan ${first! + 1}`;
    context.addIssue({
      code: 'custom',
      message: `Only one plan can be highlighted, and ${name} already is: switch off Highlight here or there`,
      path: [index, 'highlighted'],
    });
  }
}

export default defineSection({
  type: 'pricing-table',
  label: 'Pricing table',
  description: 'Plans side by side, each with a price, a feature list and a button; one may be highlighted.',
  keywords: ['plans', 'prices', 'packages', 'tiers'],
  schema: z.object({
    /** Small eyebrow text above the title. */
    label: field(eyebrow(), 'Eyebrow', 'Small text above the title.'),
    /** Optional heading of the table. */
    title: field(optionalHeading(), 'Title', 'Optional heading of the table.'),
    /** Optional copy under the heading. */
    description: field(optionalText(MAX_PARAGRAPH_LENGTH), 'Description', 'Optional copy under the heading.', { kind: 'textarea' }),
    /** The plans, 1 to 4, side by side on wide screens. */
    plans: field(
      z.array(PlanSchema).min(1, 'Add at least one plan').max(4, 'At most 4 plans').superRefine(atMostOneHighlighted, { when: (payload) => Array.isArray(payload.value) }),
      'Plans',
      'The plans, 1 to 4, side by side on wide screens.',
    ),
    /** The badge on the highlighted plan. */
    highlightLabel: field(requiredText(MAX_LABEL_LENGTH).default('Recommended'), 'Highlight badge', 'The badge on the highlighted plan, e.g. Recommended or Most chosen.'),
    /** A line under the plans: taxes, terms. */
    footnote: field(optionalText(MAX_PARAGRAPH_LENGTH), 'Footnote', 'Optional line under the plans, e.g. about taxes or terms.', { kind: 'textarea' }),
  }),
  // Copy to keep; the other defaults are sample text (see SectionDefinition.keptDefaults).
  keptDefaults: ['title', 'plans.period'],
  defaults: {
    title: 'Pricing',
    plans: [
      {
        name: 'Basic',
        price: '€900',
        period: 'per project',
        features: ['One feature', 'Another feature'],
        cta: { id: 'basic', label: 'Choose Basic', href: '/', variant: 'secondary' },
        highlighted: false,
      },
      {
        name: 'Plus',
        price: '€1,900',
        period: 'per project',
        features: ['Everything in Basic', 'One more feature'],
        cta: { id: 'plus', label: 'Choose Plus', href: '/', variant: 'primary' },
        highlighted: true,
      },
    ],
    highlightLabel: 'Recommended',
  },
});
