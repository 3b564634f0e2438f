/**
 * The site's Markdown dialect, applied to a markdown-it instance: no raw HTML,
 * bare URLs become links, links pass the link-field allowlist (plus relative
 * paths), image syntax is plain text. The site's renderer (markdown.ts) and
 * the editor's rich-text parser (src/editor/lib/rich-text/) both use it, so
 * they cannot disagree on what is a link, a list or plain text. It imports no
 * markdown-it of its own: the editor applies it to the copy that
 * prosemirror-markdown already ships, instead of bundling a second one.
 */
import type { MarkdownIt } from 'markdown-it';
import { linkProblem } from './schema/urls';

/** Options for `new MarkdownIt(…)`. Typographer (smart quotes) is for rendering only: an editor keeps the characters as typed. */
export const SITE_MARKDOWN_OPTIONS = { html: false, linkify: true } as const;

/** A relative path (`../intro`, `guide/`): no scheme, no host, nothing a browser would clean up. */
const RELATIVE_PATH = /^(?!\/\/)[^:\\\s]*$/;

/** Whether a Markdown link may point at `url`: the same allowlist as link fields (src/engine/schema/urls.ts), plus relative paths, which prose uses. */
export const markdownLinkAllowed = (url: string): boolean => linkProblem(url) === undefined || RELATIVE_PATH.test(url);

export function applySiteDialect(markdownIt: MarkdownIt): MarkdownIt {
  markdownIt.validateLink = markdownLinkAllowed;
  // Images belong in image fields, which carry alt text and get sized frames;
  // Markdown image syntax renders as plain text.
  markdownIt.disable('image');
  return markdownIt;
}
