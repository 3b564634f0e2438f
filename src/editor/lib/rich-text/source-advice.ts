/**
 * What the site will not do with a Markdown text typed in the rich-text field's source view, said
 * as it is typed: a link to an address the site does not link (`javascript:`, `ftp:`, `//host`)
 * shows as plain text, and so does HTML (an embed code pasted in). Neither is an error: the site
 * shows the text, escaped, and a save keeps it. But an editor who pasted an embed code expects a
 * video, not code on the page, and the visual view never makes such a link, so only the source
 * view needs it.
 *
 * Both are read by parsing, with the site's dialect (markdown-dialect.ts) on the markdown-it the
 * field already loads: a refused link is a destination the dialect's link check turned down while
 * parsing, and HTML is what a parse that allowed it would have taken as HTML.
 */
import type MarkdownItClass from 'markdown-it';
import type { Token } from 'markdown-it';
import { markdownLinkAllowed, SITE_MARKDOWN_OPTIONS } from '../../../engine/markdown-dialect';
import { linkProblem } from '../../../engine/schema/urls';
import { BundledMarkdownIt } from './markdown';

/** Past this many characters the text is not read for advice at every keystroke. */
const ADVICE_MAX_CHARS = 20_000;
/** How much of an address or a tag a message quotes. */
const QUOTED_CHARS = 40;

const quoted = (text: string) => `“${text.length > QUOTED_CHARS ? `${text.slice(0, QUOTED_CHARS)}…` : text}”`;

/** Destinations the link check turned down during the last parse by `links`. */
let refused: string[] = [];
const links = new (BundledMarkdownIt as typeof MarkdownItClass)({ ...SITE_MARKDOWN_OPTIONS, typographer: false });
links.disable('image');
links.validateLink = (url: string) => {
  const allowed = markdownLinkAllowed(url);
  if (!allowed) refused.push(url);
  return allowed;
};
const html = new (BundledMarkdownIt as typeof MarkdownItClass)({ ...SITE_MARKDOWN_OPTIONS, html: true, typographer: false });
html.disable('image');

/** The HTML tokens of a parse, inline ones included; comments are HTML the site drops as well, so they count. */
function htmlIn(tokens: readonly Token[]): string[] {
  return tokens.flatMap((token) => (token.type === 'html_block' || token.type === 'html_inline' ? [token.content.trim()] : htmlIn(token.children ?? [])));
}

/** Plain-words advice on `text`: one line for each kind of thing the site will show as text rather than do. */
export function sourceAdvice(text: string): string[] {
  if (text.length > ADVICE_MAX_CHARS) return [];
  refused = [];
  links.parse(text, {});
  const advice: string[] = [];
  const [link] = refused;
  if (link !== undefined) {
    const why = linkProblem(link) ?? '';
    advice.push(`The link to ${quoted(link)} will show as plain text: the site does not link it. ${why.replace(/\.?$/, '.')}`);
  }
  const [tag] = htmlIn(html.parse(text, {}));
  if (tag !== undefined) advice.push(`HTML, such as ${quoted(tag.split('\n')[0]!)}, shows on the site as the text you typed, not as HTML. Format text with the toolbar; for a video, add a Video section.`);
  return advice;
}
