/**
 * Markdown for content-block and post bodies. Raw HTML is escaped, never
 * rendered, and links keep only safe schemes, so stored text cannot inject
 * markup or script into visitor pages. Image syntax is disabled, and `#`
 * headings become h2 (see below).
 */
import MarkdownIt from 'markdown-it';

const renderer = new MarkdownIt({ html: false, linkify: true, typographer: true });

const SAFE_LINK = /^(https?:|mailto:|tel:|\/|#|\.{0,2}\/|[^:]*$)/i;
renderer.validateLink = (url: string) => SAFE_LINK.test(url.trim());

// Images belong in image fields, which carry alt text and get sized frames;
// Markdown image syntax renders as plain text.
renderer.disable('image');

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
