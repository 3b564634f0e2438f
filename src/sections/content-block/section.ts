import { z } from 'astro/zod';
import { defineSection } from '../../engine/schema/define-section';
import { eyebrow, field, markdown, optionalHeading } from '../../engine/schema/primitives';

export default defineSection({
  type: 'content-block',
  label: 'Rich text',
  // On a page with no hero or page header before it, its title (or its body's first `#` heading) is the page's h1 (src/engine/main-heading.ts).
  viewReads: { mainHeading: { title: 'title', markdown: 'body' } },
  description: 'Formatted text: headings, lists, links and quotes.',
  keywords: ['text', 'article', 'paragraphs', 'markdown', 'body'],
  schema: z.object({
    /** Small eyebrow text above the title. */
    label: field(eyebrow(), 'Eyebrow', 'Small text above the title.'),
    /** Optional heading of the block. */
    title: field(optionalHeading(), 'Title', 'Optional heading of the block.'),
    /** The text, in Markdown; raw HTML is escaped, never rendered. */
    body: field(markdown().min(1, 'Required'), 'Body', 'The text: headings, bold, italic, links, lists and quotes work.', { kind: 'markdown' }),
    /** `narrow` is a reading column; `wide` uses the full content width. */
    width: field(z.enum(['narrow', 'wide']).default('narrow'), 'Width', 'A narrow reading column, or the full content width.', { optionLabels: { narrow: 'Narrow (reading column)', wide: 'Wide (full content width)' } }),
  }),
  defaults: { body: '## A heading\n\nWrite your text here. **Bold**, _italic_ and [links](/) work.', width: 'narrow' },
});
