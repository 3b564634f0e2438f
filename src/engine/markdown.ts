/**
 * Markdown for content-block and post bodies. Raw HTML is escaped, never
 * rendered, and links keep only safe schemes, so stored text cannot inject
 * markup or script into visitor pages. Image syntax is disabled, and `#`
 * headings become h2 (see below). The dialect is markdown-dialect.ts.
 */
import MarkdownIt from 'markdown-it';
import { applySiteDialect, SITE_MARKDOWN_OPTIONS } from './markdown-dialect';

const renderer = applySiteDialect(new MarkdownIt({ ...SITE_MARKDOWN_OPTIONS, typographer: true }));

// The page's title is its only h1: a `#` heading in a body renders as h2.
renderer.core.ruler.push('demote_h1', (state) => {
  for (const token of state.tokens) {
    if ((token.type === 'heading_open' || token.type === 'heading_close') && token.tag === 'h1') token.tag = 'h2';
  }
  return true;
});

export function renderMarkdown(source: string): string {
  return renderer.render(source);
}
