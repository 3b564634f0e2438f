import { z } from 'astro/zod';
import { defineSection } from '../../engine/schema/define-section';
import { eyebrow, field, markdown, MAX_LINE_LENGTH, MAX_PARAGRAPH_LENGTH, optionalHeading, optionalText, requiredText } from '../../engine/schema/primitives';

const QuestionSchema = z
  .object({
    /** The question, as a visitor would ask it. */
    question: field(requiredText(MAX_LINE_LENGTH), 'Question', 'The question, as a visitor would ask it.'),
    /** The answer, in Markdown (links and lists work). */
    answer: field(markdown().regex(/\S/, 'Write the answer to this question'), 'Answer', 'The answer: bold, links and lists work.', { kind: 'markdown' }),
  })
  .meta({ title: 'Question', description: 'A question and its answer.' });

/** The trimmed, case-folded form two questions are compared in. */
const questionKey = (question: string) => question.trim().replace(/\s+/g, ' ').toLowerCase();

export default defineSection({
  type: 'faq',
  label: 'FAQ',
  description: 'Questions and answers that open in place when clicked; search engines can show them with your page.',
  keywords: ['questions', 'answers', 'accordion', 'help'],
  schema: z.object({
    /** Small eyebrow text above the title. */
    label: field(eyebrow(), 'Eyebrow', 'Small text above the title.'),
    /** Heading of the list of questions. */
    title: field(optionalHeading(), 'Title', 'Heading above the questions, e.g. "Frequently asked questions".'),
    /** Optional copy under the heading. */
    description: field(optionalText(MAX_PARAGRAPH_LENGTH), 'Description', 'Optional copy under the heading.', { kind: 'textarea' }),
    /** The questions, 1 to 30, each asked once. */
    items: field(
      z
        .array(QuestionSchema)
        .min(1, 'Add at least one question')
        .max(30, 'At most 30 questions: split a longer FAQ into topics')
        // Search engines read each question as one entry; the same question twice is a content slip.
        .superRefine((items, context) => {
          const seen = new Set<string>();
          items.forEach((item, index) => {
            if (typeof item.question !== 'string' || !item.question.trim()) return;
            const key = questionKey(item.question);
            if (seen.has(key)) context.addIssue({ code: 'custom', message: `The question “${item.question.trim()}” is asked twice`, path: [index, 'question'] });
            seen.add(key);
          });
        }),
      'Questions',
      'The questions and their answers, 1 to 30, each asked once.',
    ),
    /** Adds the FAQPage JSON-LD block; turn it off where the same questions are marked up on another page. */
    structuredData: field(
      z.boolean().default(true),
      'Mark up for search engines',
      'Lets search engines show these questions and answers under your page in their results. Turn it off if the same questions are on another page too.',
    ),
  }),
  // Copy to keep; the other defaults are sample text (see SectionDefinition.keptDefaults).
  keptDefaults: ['title'],
  defaults: {
    title: 'Frequently asked questions',
    items: [{ question: 'What is the question?', answer: 'A short, direct answer. **Bold** and [links](/) work.' }],
    structuredData: true,
  },
});
