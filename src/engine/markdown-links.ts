/**
 * The links a Markdown text makes, read by the site's own parser in the site's
 * dialect (markdown-dialect.ts), so that what counts as a link to an uploaded
 * image is exactly what the rendered page links to: `[words](/assets/images/a.png)`,
 * a reference-style link and its definition, and `![alt](…)`, which the dialect
 * renders as a `!` and a link, since image syntax is off. Escaped brackets, code
 * spans and refused addresses are no link, so they are no reference either.
 *
 * It takes the markdown-it class rather than importing one: the server passes
 * the project's (markdown.ts), and the editor could pass the copy that
 * prosemirror-markdown ships, so its first load does not carry a second copy.
 */
import type { MarkdownIt, Token } from 'markdown-it';
import { applySiteDialect, SITE_MARKDOWN_OPTIONS } from './markdown-dialect';
import { MAX_MARKDOWN_LENGTH } from './schema/primitives';

type MarkdownItClass = new (options: typeof SITE_MARKDOWN_OPTIONS) => MarkdownIt;

export interface MarkdownLinks {
  /** The address (`href`) of every link the text renders, in order. */
  urls(text: string): string[];
  /**
   * The text with the links whose address `moved` names led to the path it gives (their query
   * and fragment kept), every other character as it was; undefined when no link changes.
   */
  rewrite(text: string, moved: (href: string) => string | undefined): string | undefined;
}

/** A parse: every token, inline ones included, and each link destination as the text spells it. */
interface Reading {
  tokens: Token[];
  hrefs: (string | undefined)[];
  destinations: string[];
}

/** An address without its query and fragment. */
const pathOf = (url: string) => url.split(/[?#]/, 1)[0]!;

/**
 * Parsed texts' link addresses, up to this many characters of text, the least recently used let
 * go first: the store asks about every Markdown field of the site for each image deleted, and a
 * snapshot keeps the same texts from one change to the next. A text larger than a sixteenth of
 * it is parsed each time rather than push out all the others.
 */
const KEPT_CHARS = 8 * 1024 * 1024;

/** A replacement of `length` characters at `at`. */
interface Edit {
  at: number;
  length: number;
  replacement: string;
}

/** `text` with `edits` made, or undefined when there are none or two overlap. */
function applied(text: string, edits: readonly Edit[]): string | undefined {
  if (edits.length === 0) return undefined;
  const sorted = [...edits].sort((a, b) => b.at - a.at);
  let result = text;
  for (const [index, { at, length, replacement }] of sorted.entries()) {
    if (index > 0 && at + length > sorted[index - 1]!.at) return undefined;
    result = result.slice(0, at) + replacement + result.slice(at + length);
  }
  return result;
}

/** What comes just before a link's destination: `(` (an inline link), or `]:` (a definition), then spaces or one line break. */
const DESTINATION_BEFORE = /(?:\(|\]:)[ \t]*(?:\r?\n[ \t]*)?$/;
const LOOK_BACK = 64;
/** The most parses of the whole text one rewrite may make to find which candidates are links. */
const MAX_PARSES = 64;

export function markdownLinks(MarkdownItClass: MarkdownItClass): MarkdownLinks {
  const md = applySiteDialect(new MarkdownItClass({ ...SITE_MARKDOWN_OPTIONS }));
  // markdown-it gives inline tokens no source positions. The destinations are caught as its own
  // helper reads them (each instance has its own helpers), spelled as written (`<…>`, escapes).
  let caught: string[] | undefined;
  const parseDestination = md.helpers.parseLinkDestination;
  md.helpers.parseLinkDestination = (source: string, start: number, max: number) => {
    const result = parseDestination(source, start, max);
    if (result.ok) caught?.push(source.slice(start, result.pos));
    return result;
  };

  function read(text: string): Reading {
    caught = [];
    try {
      const tokens = md.parse(text, {}).flatMap((token) => [token, ...(token.children ?? [])]);
      const hrefs = tokens.map((token) => {
        const href = token.type === 'link_open' ? token.attrGet('href') : undefined;
        return typeof href === 'string' ? href : undefined;
      });
      return { tokens, hrefs, destinations: caught };
    } finally {
      caught = undefined;
    }
  }

  /**
   * What a token is, but for a link's address: two parses that differ only in addresses have equal
   * shapes. An inline token's content is its source, addresses included; its children are compared.
   */
  const shape = (token: Token) =>
    JSON.stringify([token.type, token.tag, token.nesting, token.type === 'inline' ? '' : token.content, token.markup, token.info, token.hidden, token.attrs?.filter(([name]) => name !== 'href')]);

  /** Whether `after` is `before` with some links that `moved` names led to their new path, and nothing else changed. */
  function followsMoves(before: Reading, after: Reading, moved: (href: string) => string | undefined): boolean {
    if (after.tokens.length !== before.tokens.length) return false;
    let changed = false;
    for (const [index, token] of before.tokens.entries()) {
      if (shape(token) !== shape(after.tokens[index]!)) return false;
      const [from, to] = [before.hrefs[index], after.hrefs[index]];
      if (from === to) continue;
      const path = from === undefined ? undefined : moved(from);
      if (path === undefined || to === undefined || pathOf(to) !== md.normalizeLink(path) || to.slice(pathOf(to).length) !== from!.slice(pathOf(from!).length)) return false;
      changed = true;
    }
    return changed;
  }

  /**
   * A destination as written, with its path replaced by the one `moved` gives and its query and
   * fragment kept as written: the path ends at the first `?` or `#` whose characters before it
   * read as the address's path (a `#` may also be part of an entity, `&#47;`).
   */
  function movedDestination(written: string, moved: (href: string) => string | undefined): string | undefined {
    const bracketed = written.startsWith('<');
    const inner = bracketed ? written.slice(1, -1) : written;
    const read = (part: string) => md.normalizeLink(md.utils.unescapeAll(part));
    const href = read(inner);
    const path = moved(href);
    if (path === undefined) return undefined;
    for (let end = 0; end <= inner.length; end += 1) {
      if (end < inner.length && inner[end] !== '?' && inner[end] !== '#') continue;
      if (read(inner.slice(0, end)) !== pathOf(href)) continue;
      const rewritten = path + inner.slice(end);
      return bracketed ? `<${rewritten}>` : rewritten;
    }
    return undefined;
  }

  const kept = new Map<string, string[]>();
  let keptChars = 0;

  return {
    urls(text) {
      // Its schema refuses a longer text (and the content store, the change), which would cost
      // seconds to parse: a hostile save of megabytes of links is not read for them first.
      if (text.length > MAX_MARKDOWN_LENGTH) return [];
      let urls = kept.get(text);
      if (urls !== undefined) {
        kept.delete(text);
      } else {
        urls = read(text).hrefs.filter((href): href is string => href !== undefined);
        if (text.length > KEPT_CHARS / 16) return urls;
        keptChars += text.length;
        for (const [oldest] of kept) {
          if (keptChars <= KEPT_CHARS) break;
          kept.delete(oldest);
          keptChars -= oldest.length;
        }
      }
      kept.set(text, urls);
      return [...urls];
    },

    rewrite(text, moved) {
      // A longer text is refused by its schema anyway, and would cost seconds a parse.
      if (text.length > MAX_MARKDOWN_LENGTH) return undefined;
      const before = read(text);
      if (!before.hrefs.some((href) => href !== undefined && moved(href) !== undefined)) return undefined;
      // Where each destination is, the parser does not say. The places its spelling occurs just
      // after a `(` or a definition's `:` are candidates; the parse must then differ from the
      // first in moved links alone (the same characters in a code span or a title stay as they are).
      const candidates: Edit[] = [];
      for (const written of new Set(before.destinations)) {
        const replacement = movedDestination(written, moved);
        if (replacement === undefined) continue;
        for (let at = text.indexOf(written); at >= 0; at = text.indexOf(written, at + written.length)) {
          if (DESTINATION_BEFORE.test(text.slice(Math.max(0, at - LOOK_BACK), at))) candidates.push({ at, length: written.length, replacement });
        }
      }
      // One spelling may hold another (`a.png` is in `a.png?v=2`): at one place, the longest is the destination.
      candidates.sort((a, b) => a.at - b.at || b.length - a.length);
      const distinct: Edit[] = [];
      for (const edit of candidates) {
        const last = distinct.at(-1);
        if (!last || edit.at >= last.at + last.length) distinct.push(edit);
      }
      // All at once first (two parses in all, for a text whose candidates are all links); else
      // halves of them, and halves of those, so a few look-alikes among thousands of links cost a
      // few parses each rather than one parse of the whole text per candidate. Past the budget,
      // the move is refused (a hostile text), never left half done.
      let budget = MAX_PARSES;
      const confirmedAmong = (edits: Edit[]): Edit[] | undefined => {
        if (edits.length === 0) return [];
        if (budget-- <= 0) return undefined;
        const together = applied(text, edits);
        if (together !== undefined && followsMoves(before, read(together), moved)) return edits;
        if (edits.length === 1) return [];
        const half = edits.length >> 1;
        const first = confirmedAmong(edits.slice(0, half));
        const second = first && confirmedAmong(edits.slice(half));
        return second && [...first!, ...second];
      };
      const confirmed = confirmedAmong(distinct);
      const rewritten = confirmed && applied(text, confirmed);
      if (rewritten === undefined) return undefined;
      return confirmed!.length === distinct.length || followsMoves(before, read(rewritten), moved) ? rewritten : undefined;
    },
  };
}
