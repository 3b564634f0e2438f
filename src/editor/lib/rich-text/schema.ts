/**
 * The rich-text field's document model: exactly what the site's Markdown
 * renders (src/engine/markdown.ts), no more. No images (image syntax is off
 * on the site), no raw HTML, no tables (the editor keeps those in source
 * view). Attributes named `markup` remember how the source spelled a
 * construct (`*` or `_`, `-` or `*`), so saving writes back the same text.
 */
import { Schema } from 'prosemirror-model';
import { markdownLinkAllowed } from '../../../engine/markdown-dialect';

export const richTextSchema = new Schema({
  nodes: {
    doc: { content: 'block+' },
    paragraph: { content: 'inline*', group: 'block', parseDOM: [{ tag: 'p' }], toDOM: () => ['p', 0] },
    blockquote: { content: 'block+', group: 'block', parseDOM: [{ tag: 'blockquote' }], toDOM: () => ['blockquote', 0] },
    horizontal_rule: { attrs: { markup: { default: '---' } }, group: 'block', parseDOM: [{ tag: 'hr' }], toDOM: () => ['hr'] },
    heading: {
      attrs: { level: { default: 2 } },
      content: 'text*',
      marks: '_',
      group: 'block',
      defining: true,
      parseDOM: [1, 2, 3, 4, 5, 6].map((level) => ({ tag: `h${level}`, attrs: { level } })),
      toDOM: (node) => [`h${node.attrs.level}`, 0],
    },
    code_block: {
      attrs: { params: { default: '' }, fence: { default: '```' } },
      content: 'text*',
      marks: '',
      group: 'block',
      code: true,
      defining: true,
      parseDOM: [{ tag: 'pre', preserveWhitespace: 'full' }],
      toDOM: () => ['pre', ['code', 0]],
    },
    ordered_list: {
      attrs: { order: { default: 1 }, tight: { default: true } },
      content: 'list_item+',
      group: 'block',
      parseDOM: [{ tag: 'ol', getAttrs: (dom) => ({ order: Number((dom as HTMLElement).getAttribute('start') ?? 1) }) }],
      toDOM: (node) => ['ol', { start: node.attrs.order === 1 ? null : node.attrs.order }, 0],
    },
    bullet_list: {
      attrs: { tight: { default: true }, bullet: { default: '-' } },
      content: 'list_item+',
      group: 'block',
      parseDOM: [{ tag: 'ul' }],
      toDOM: () => ['ul', 0],
    },
    list_item: { content: 'block+', defining: true, parseDOM: [{ tag: 'li' }], toDOM: () => ['li', 0] },
    text: { group: 'inline' },
    hard_break: { inline: true, group: 'inline', selectable: false, parseDOM: [{ tag: 'br' }], toDOM: () => ['br'] },
  },
  marks: {
    em: { attrs: { markup: { default: '*' } }, parseDOM: [{ tag: 'em' }, { tag: 'i' }], toDOM: () => ['em', 0] },
    strong: { attrs: { markup: { default: '**' } }, parseDOM: [{ tag: 'strong' }, { tag: 'b' }], toDOM: () => ['strong', 0] },
    strike: { parseDOM: [{ tag: 's' }, { tag: 'del' }], toDOM: () => ['s', 0] },
    link: {
      // `markup`: '' for [text](href), 'autolink' for <href>, 'linkify' for a bare URL in the text.
      attrs: { href: {}, title: { default: null }, markup: { default: '' } },
      inclusive: false,
      // Pasted links keep their href only if the site would render it (no `javascript:`); otherwise they paste as text.
      parseDOM: [{ tag: 'a[href]', getAttrs: (dom) => { const href = (dom as HTMLElement).getAttribute('href') ?? ''; return markdownLinkAllowed(href) ? { href } : false; } }],
      // No navigation from inside the editor: the href is shown as a title, not followed.
      toDOM: (mark) => ['a', { href: mark.attrs.href, title: mark.attrs.href, rel: 'noopener noreferrer' }, 0],
    },
    code: { code: true, parseDOM: [{ tag: 'code' }], toDOM: () => ['code', 0] },
  },
});

export const nodes = richTextSchema.nodes;
export const marks = richTextSchema.marks;
