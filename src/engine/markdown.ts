/**
 * Markdown for content-block and post bodies. Raw HTML is escaped, never
 * rendered, and links keep only safe schemes, so stored text cannot inject
 * markup or script into visitor pages. Image syntax is disabled, and headings
 * take the levels the page gives them (see below). The dialect is markdown-dialect.ts.
 */
import { hash } from 'node:crypto';
import MarkdownIt from 'markdown-it';
import { applySiteDialect, SITE_MARKDOWN_OPTIONS } from './markdown-dialect';

const renderer = applySiteDialect(new MarkdownIt({ ...SITE_MARKDOWN_OPTIONS, typographer: true }));

/** How a body is rendered: `mainHeading`, it opens the page, and its first `#` heading is the page's h1. */
export interface MarkdownOptions {
  mainHeading?: boolean;
}

/**
 * A body's headings take the levels the page gives them, whatever the `#`s written: the levels it
 * uses, in order, become h2, h3, … (never past h6), so a body never skips one (`###` under a page
 * title was an h3 straight after the h1) and never writes an h1 (the page's title is its only one).
 * A body that opens the page (src/engine/main-heading.ts) gives its first `#` heading as that h1,
 * and then goes on from h2.
 */
renderer.core.ruler.push('heading_levels', (state) => {
  const opens = state.tokens.filter((token) => token.type === 'heading_open');
  const levels = [...new Set(opens.map((token) => Number(token.tag.slice(1))))].sort((a, b) => a - b);
  let title = (state.env as MarkdownOptions | undefined)?.mainHeading === true && levels[0] === 1;
  // With a title, the body's own `#` level is the title's: the level below it starts at h2.
  const first = title ? 1 : 2;
  let tag = '';
  for (const token of state.tokens) {
    if (token.type === 'heading_open') {
      const rank = levels.indexOf(Number(token.tag.slice(1)));
      if (title && rank === 0) {
        [tag, title] = ['h1', false];
      } else tag = `h${Math.min(6, Math.max(2, first + rank))}`;
      token.tag = tag;
    } else if (token.type === 'heading_close') token.tag = tag;
  }
  return true;
});

// A code block wider than its column scrolls on its own, and only what takes focus can be scrolled
// from the keyboard (WCAG 2.1.1; axe's scrollable-region-focusable): each block is in the tab order.
for (const rule of ['fence', 'code_block'] as const) {
  const render = renderer.renderer.rules[rule]!;
  renderer.renderer.rules[rule] = (...args) => render(...args).replace(/^<pre>/, '<pre tabindex="0">');
}

/**
 * Rendered bodies, by a hash of their source, up to this many characters of HTML, the least
 * recently used let go first. A body's HTML depends on its text alone, so a publication renders
 * again only the bodies that changed: after an edit of the shared header every page is rendered
 * again, and parsing the same bodies again was about a twelfth of a render worker's time. The
 * bodies of the bench's 5,000 pages (three short ones a page) make 7 M characters of HTML; a body
 * larger than a sixteenth of the limit is not kept.
 */
const KEPT_CHARS = 24 * 1024 * 1024;
const rendered = new Map<string, string>();
let keptChars = 0;

export function renderMarkdown(source: string, options: MarkdownOptions = {}): string {
  const env = { mainHeading: options.mainHeading === true };
  // Hashing reads the text as UTF-8, where every lone surrogate becomes U+FFFD: texts that differ
  // only there would share a key, so they are rendered as they come.
  if (!source.isWellFormed()) return renderer.render(source, env);
  // The source's hash rather than the source: a key of a few dozen characters, not the body again.
  const key = `${env.mainHeading ? 'h1' : 'h2'}:${hash('sha256', source, 'base64url')}`;
  let html = rendered.get(key);
  if (html !== undefined) {
    // Most recently used last, so that the oldest go first.
    rendered.delete(key);
    rendered.set(key, html);
    return html;
  }
  html = renderer.render(source, env);
  if (html.length <= KEPT_CHARS / 16) {
    rendered.set(key, html);
    keptChars += html.length;
    for (const [oldest, oldHtml] of rendered) {
      if (keptChars <= KEPT_CHARS) break;
      rendered.delete(oldest);
      keptChars -= oldHtml.length;
    }
  }
  return html;
}

/** Whether a body has a `#` heading, which makes it the page's title when it opens the page (src/engine/main-heading.ts). */
export const hasTitleHeading = (source: string): boolean => renderMarkdown(source, { mainHeading: true }).includes('<h1>');

/** What is kept (tests). */
export const renderedMarkdownKept = () => ({ bodies: rendered.size, chars: keptChars, limit: KEPT_CHARS });
