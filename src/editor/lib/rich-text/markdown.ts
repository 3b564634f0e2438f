/**
 * Markdown ⇄ rich-text document, for the editor's rich-text field. Parsing
 * uses the site's own Markdown dialect (src/engine/markdown-dialect.ts), so
 * the field shows a link or a list exactly when the site renders one. A value opens in the
 * visual editor only if serialising its document gives back the very same
 * text; anything else (a table, a soft line break, `_` for bold…) opens in
 * source view, so the field never rewrites Markdown behind the editor's back.
 */
import { Fragment, type Mark, type Node } from 'prosemirror-model';
import { MarkdownParser, MarkdownSerializer, MarkdownSerializerState, defaultMarkdownParser, defaultMarkdownSerializer } from 'prosemirror-markdown';
import type MarkdownItClass from 'markdown-it';
import type { Token } from 'markdown-it';
import { applySiteDialect, SITE_MARKDOWN_OPTIONS } from '../../../engine/markdown-dialect';
import { richTextSchema } from './schema';

/** A list is tight when its items' paragraphs are hidden (no blank lines between items). */
function listIsTight(tokens: Token[], index: number): boolean {
  for (let i = index + 1; i < tokens.length; i += 1) if (tokens[i].type !== 'list_item_open') return tokens[i].hidden;
  return false;
}

/**
 * prosemirror-markdown bundles its own markdown-it (and builds its default
 * parser with it at load), so the field builds its tokenizer from that same
 * class rather than ship a second copy in its lazy chunk.
 */
export const BundledMarkdownIt = defaultMarkdownParser.tokenizer.constructor as typeof MarkdownItClass;
const tokenizer = applySiteDialect(new BundledMarkdownIt({ ...SITE_MARKDOWN_OPTIONS, typographer: false }));

const parser = new MarkdownParser(richTextSchema, tokenizer, {
  blockquote: { block: 'blockquote' },
  paragraph: { block: 'paragraph' },
  list_item: { block: 'list_item' },
  bullet_list: { block: 'bullet_list', getAttrs: (token, tokens, i) => ({ tight: listIsTight(tokens, i), bullet: token.markup }) },
  ordered_list: { block: 'ordered_list', getAttrs: (token, tokens, i) => ({ order: Number(token.attrGet('start') ?? 1), tight: listIsTight(tokens, i) }) },
  heading: { block: 'heading', getAttrs: (token) => ({ level: Number(token.tag.slice(1)) }) },
  code_block: { block: 'code_block', getAttrs: () => ({ fence: '' }), noCloseToken: true },
  fence: { block: 'code_block', getAttrs: (token) => ({ params: token.info, fence: token.markup }), noCloseToken: true },
  hr: { node: 'horizontal_rule', getAttrs: (token) => ({ markup: token.markup }) },
  hardbreak: { node: 'hard_break' },
  em: { mark: 'em', getAttrs: (token) => ({ markup: token.markup }) },
  strong: { mark: 'strong', getAttrs: (token) => ({ markup: token.markup }) },
  s: { mark: 'strike' },
  link: { mark: 'link', getAttrs: (token) => ({ href: token.attrGet('href'), title: token.attrGet('title') || null, markup: token.markup }) },
  code_inline: { mark: 'code', noCloseToken: true },
});

/** A bare URL that the site's linkify turned into a link: written back as the bare text it was. */
function isBareUrl(mark: Mark, parent: Node, index: number): boolean {
  if (mark.attrs.markup !== 'linkify') return false;
  const content = parent.child(index);
  const text = content.text ?? '';
  const alone = index === parent.childCount - 1 || !mark.isInSet(parent.child(index + 1).marks);
  return alone && [text, `http://${text}`, `mailto:${text}`].includes(mark.attrs.href);
}

const defaultLink = defaultMarkdownSerializer.marks.link;
type LinkState = MarkdownSerializerState & { inAutolink?: boolean; inBareUrl?: boolean };
const markString = (value: unknown, state: MarkdownSerializerState, mark: Mark, parent: Node, index: number): string =>
  typeof value === 'function' ? value(state, mark, parent, index) : String(value);

const isLetterOrDigit = (char: string | undefined) => char !== undefined && /[\p{L}\p{N}]/u.test(char);

/**
 * Text as typed, escaped so the site shows it as typed. prosemirror-markdown's own escaping missed
 * some (a hostile review typed each into the visual editor, and the site showed otherwise): an `_`
 * beside another (`__init__` came out `\__init__`, and the site showed "_init_" in italics: only an
 * `_` between two letters or digits is never emphasis), an entity (`&amp;` showed as "&"), `1)`
 * at the start of a line (a numbered list), and `---` there (escaped as `\---`, which the site's
 * typographer made "-–").
 */
class SiteSerialiserState extends MarkdownSerializerState {
  override esc(text: string, startOfLine = false): string {
    let escaped = text.replace(/[`*\\~[\]_]/g, (char, index: number) => (char === '_' && isLetterOrDigit(text[index - 1]) && isLetterOrDigit(text[index + 1]) ? char : `\\${char}`));
    escaped = escaped.replace(/&(?=#?[\p{L}\p{N}]+;)/gu, '\\&');
    // A heading ending in " #" would lose it (a closing sequence); elsewhere the escape changes nothing shown.
    escaped = escaped.replace(/(^|[ \t])(#+)([ \t]*)$/, '$1\\$2$3');
    // A line begun after a hard break (Shift+Enter) is a line start too (a review: "# b" there became a heading).
    const out = (this as unknown as { out: string }).out;
    if (!startOfLine && !/\n[ >]*$/.test(out)) return escaped;
    return escaped
      .replace(/^-+/, (run) => '\\-'.repeat(run.length))
      .replace(/^=+(?=[ \t]*$)/, (run) => '\\='.repeat(run.length))
      .replace(/^(\+(?=[ \t]|$)|[*>])/, '\\$&')
      .replace(/^(\s*)(#{1,6})(\s|$)/, '$1\\$2$3')
      .replace(/^(\s*\d+)([.)])(\s|$)/, '$1\\$2$3');
  }
}

/** The state's constructor and output, which prosemirror-markdown's types keep internal: as its own `serialize` uses them. */
const SiteState = SiteSerialiserState as unknown as new (nodes: MarkdownSerializer['nodes'], marks: MarkdownSerializer['marks'], options: object) => SiteSerialiserState & { out: string };

/** The serialiser with the site's escaping (SiteSerialiserState). */
class SiteSerialiser extends MarkdownSerializer {
  override serialize(content: Node, options: { tightLists?: boolean } = {}): string {
    const state = new SiteState(this.nodes, this.marks, { ...this.options, ...options });
    state.renderContent(content);
    return state.out;
  }
}

const serialiser = new SiteSerialiser(
  {
    ...defaultMarkdownSerializer.nodes,
    code_block(state, node) {
      const fence = node.attrs.fence as string;
      if (!fence) {
        state.wrapBlock('    ', null, node, () => state.text(node.textContent, false));
        return;
      }
      state.write(`${fence}${node.attrs.params}\n`);
      state.text(node.textContent, false);
      state.ensureNewLine();
      state.write(fence);
      state.closeBlock(node);
    },
  },
  {
    em: { open: (_s, mark) => mark.attrs.markup, close: (_s, mark) => mark.attrs.markup, mixable: true, expelEnclosingWhitespace: true },
    strong: { open: (_s, mark) => mark.attrs.markup, close: (_s, mark) => mark.attrs.markup, mixable: true, expelEnclosingWhitespace: true },
    strike: { open: '~~', close: '~~', mixable: true, expelEnclosingWhitespace: true },
    link: {
      open(state: LinkState, mark, parent, index) {
        if (isBareUrl(mark, parent, index)) {
          state.inAutolink = state.inBareUrl = true; // its text is written unescaped, like an autolink's
          return '';
        }
        return markString(defaultLink.open, state, mark, parent, index);
      },
      close(state: LinkState, mark, parent, index) {
        if (state.inBareUrl) {
          state.inAutolink = state.inBareUrl = undefined;
          return '';
        }
        return markString(defaultLink.close, state, mark, parent, index);
      },
      mixable: true,
    },
    code: defaultMarkdownSerializer.marks.code,
  },
);

export function serialiseMarkdown(doc: Node): string {
  return serialiser.serialize(withoutEdgeSpaces(doc));
}

/** Markdown's own spaces: a line's edges lose these, and only these (not a no-break space). */
const isEdgeSpace = (char: string | undefined) => char === ' ' || char === '\t';

function trimText(text: string, start: boolean, end: boolean): string {
  let [from, to] = [0, text.length];
  while (start && from < to && isEdgeSpace(text[from])) from += 1;
  while (end && to > from && isEdgeSpace(text[to - 1])) to -= 1;
  return text.slice(from, to);
}

/**
 * The document without spaces at the edges of its paragraphs and headings. Markdown drops them
 * (and four at the start would make a code block), so the text typed so far ("Some intro ", the
 * space before the next word) once became Markdown that did not read back the same, and its
 * undo step, or the saved text, then opened in source view.
 */
function withoutEdgeSpaces(node: Node): Node {
  if (node.isLeaf) return node;
  if (!node.isTextblock) {
    const children: Node[] = [];
    node.forEach((child) => children.push(withoutEdgeSpaces(child)));
    return children.every((child, index) => child === node.child(index)) ? node : node.copy(Fragment.from(children));
  }
  if (node.type.spec.code || node.childCount === 0) return node;
  const children: Node[] = [];
  node.forEach((child, _offset, index) => {
    const [first, last] = [index === 0, index === node.childCount - 1];
    if (!child.isText || !(first || last)) return void children.push(child);
    const text = trimText(child.text!, first, last);
    if (text === child.text) children.push(child);
    else if (text !== '') children.push(child.type.schema.text(text, child.marks));
  });
  return children.length === node.childCount && children.every((child, index) => child === node.child(index)) ? node : node.copy(Fragment.from(children));
}

/** Why a value opens in source view, in the editor's words. */
export type SourceReason = { unsupported: string } | { rewritten: { line: number; stored: string; visual: string } };

export type RichTextOpening =
  | { mode: 'visual'; doc: Node; trailing: string }
  | { mode: 'source'; reason: SourceReason };

const TOKEN_WORDS: Record<string, string> = { table_open: 'a table', html_block: 'HTML', html_inline: 'HTML', image: 'an image' };

/** Parses Markdown; throws on a construct the document model has no place for (a table). */
export function parseMarkdown(markdown: string): Node {
  return parser.parse(markdown);
}

function firstDifference(stored: string, visual: string) {
  const storedLines = stored.split('\n');
  const visualLines = visual.split('\n');
  const index = storedLines.findIndex((line, i) => line !== visualLines[i]);
  const line = index === -1 ? storedLines.length : index;
  return { line: line + 1, stored: storedLines[line] ?? '', visual: visualLines[line] ?? '' };
}

/**
 * How a stored value opens: visually only if it round-trips unchanged.
 * Trailing line breaks are kept aside and written back as they were.
 */
export function openMarkdown(markdown: string): RichTextOpening {
  const trailing = /\s*$/.exec(markdown)![0];
  const body = markdown.slice(0, markdown.length - trailing.length);
  let doc: Node;
  try {
    doc = parseMarkdown(body);
  } catch (error) {
    const token = /`(\w+)`/.exec(String(error))?.[1] ?? '';
    return { mode: 'source', reason: { unsupported: TOKEN_WORDS[token] ?? TOKEN_WORDS[`${token}_open`] ?? 'Markdown the visual editor cannot show' } };
  }
  const visual = serialiseMarkdown(doc);
  if (visual !== body) return { mode: 'source', reason: { rewritten: firstDifference(body, visual) } };
  return { mode: 'visual', doc, trailing };
}

/** The explanation shown above the source view when a value cannot open visually. */
export function describeSourceReason(reason: SourceReason): string {
  if ('unsupported' in reason) return `This text contains ${reason.unsupported}, which the visual editor cannot show, so it is shown as Markdown.`;
  const { line } = reason.rewritten;
  return `Formatting this text visually would rewrite its Markdown (line ${line} would change), so it is shown as Markdown. Your text is unchanged.`;
}

/** Of a long text, the part read for its summary: its opening, not the whole essay at every keystroke. */
const SUMMARY_SOURCE_CHARS = 4000;

/**
 * The plain words a Markdown text opens with (its first heading or paragraph, marks and link
 * syntax dropped), for the outline's row; undefined for a text with none.
 */
export function markdownSummary(source: string): string | undefined {
  const tokens = tokenizer.parse(source.slice(0, SUMMARY_SOURCE_CHARS), {});
  for (const token of tokens) {
    if (token.type !== 'inline') continue;
    const words = (token.children ?? []).map((child) => (child.type === 'text' || child.type === 'code_inline' ? child.content : child.type === 'softbreak' || child.type === 'hardbreak' ? ' ' : '')).join('').trim().replace(/\s+/g, ' ');
    if (words) return words;
  }
  return undefined;
}
