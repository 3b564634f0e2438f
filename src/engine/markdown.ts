/**
 * Markdown for content-block and post bodies. Raw HTML is escaped, never
 * rendered, and links keep only safe schemes, so stored text cannot inject
 * markup or script into visitor pages. Image syntax is disabled, and `#`
 * headings become h2 (see below).
 */
import MarkdownIt from 'markdown-it';
import { linkProblem } from './schema/urls';

/** A relative path (`../intro`, `guide/`): no scheme, no host, nothing a browser would clean up. */
const RELATIVE_PATH = /^(?!\/\/)[^:\\\s]*$/;

/**
 * The site's Markdown dialect: what the renderer below reads, and what the
 * editor's rich-text field parses (src/editor/lib/rich-text/), so the two
 * cannot disagree on what is a link, a list or plain text. `typographer`
 * (smart quotes, dashes) is on only for rendering: the editor keeps the
 * characters as typed.
 */
export function siteMarkdownIt({ typographer }: { typographer: boolean }) {
  const markdownIt = new MarkdownIt({ html: false, linkify: true, typographer });
  // The same allowlist as link fields (src/engine/schema/urls.ts), plus relative paths, which Markdown prose uses.
  markdownIt.validateLink = (url: string) => linkProblem(url) === undefined || RELATIVE_PATH.test(url);
  // Images belong in image fields, which carry alt text and get sized frames;
  // Markdown image syntax renders as plain text.
  markdownIt.disable('image');
  return markdownIt;
}

const renderer = siteMarkdownIt({ typographer: true });

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
