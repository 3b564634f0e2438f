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

/**
 * Rendered bodies, by their source, up to this many characters of both; then all are let go. A
 * body's HTML depends on its text alone, so a publication renders again only the bodies that
 * changed: after an edit of the shared header, every page is rendered again, and parsing the
 * same bodies again was about a twelfth of a render worker's time. A few megabytes hold the
 * bodies of thousands of pages; a body larger than a sixteenth of that is not kept.
 */
const KEPT_CHARS = 16 * 1024 * 1024;
const rendered = new Map<string, string>();
let keptChars = 0;

export function renderMarkdown(source: string): string {
  let html = rendered.get(source);
  if (html === undefined) {
    html = renderer.render(source);
    const size = source.length + html.length;
    if (size <= KEPT_CHARS / 16) {
      if (keptChars + size > KEPT_CHARS) {
        rendered.clear();
        keptChars = 0;
      }
      rendered.set(source, html);
      keptChars += size;
    }
  }
  return html;
}

/** What is kept (tests). */
export const renderedMarkdownKept = () => ({ bodies: rendered.size, chars: keptChars, limit: KEPT_CHARS });
