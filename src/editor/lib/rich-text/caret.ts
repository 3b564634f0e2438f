/**
 * Where a caret in the Markdown source lands in the formatted document. The
 * rich-text editor loads lazily and a plain textarea stands in until then:
 * when it is replaced while someone is typing in it, the caret moves over to
 * the formatted view at the same place in the text, so the next keys land
 * where they were aimed.
 */
import { Selection, TextSelection } from 'prosemirror-state';
import type { Node } from 'prosemirror-model';
import { parseMarkdown } from './markdown';

/** The source's caret as a textarea gives it (`selectionStart`, `selectionEnd`). */
export interface SourceCaret {
  start: number;
  end: number;
}

/** The characters of `chars` that `text` ends with: a loop, as a regex anchored at the end (`/\s*$/`) is quadratic on a long run. */
function trailingRun(text: string, chars: string): string {
  let start = text.length;
  while (start > 0 && chars.includes(text[start - 1]!)) start -= 1;
  return text.slice(start);
}

/** A character no text has (Unicode's private use area), put at the caret to find it again in the parsed document. */
const MARKER = '\uE000';

/**
 * Where the marker lands when the source is parsed with it at the caret: inside a bold or a
 * link's text as much as in plain text. Undefined when it lands in no text (inside a link's
 * address, say) or the source cannot be parsed with it.
 */
function markedPosition(markdown: string, offset: number): number | undefined {
  if (markdown.includes(MARKER)) return undefined;
  let marked: Node;
  try {
    marked = parseMarkdown(markdown.slice(0, offset) + MARKER + markdown.slice(offset));
  } catch {
    return undefined;
  }
  let found: number | undefined;
  marked.descendants((node, pos) => {
    if (found !== undefined) return false;
    const at = node.isText ? node.text!.indexOf(MARKER) : -1;
    if (at >= 0) found = pos + at;
    return found === undefined;
  });
  return found;
}

/**
 * The position in `doc` (parsed from `markdown`) of the place `offset`
 * characters into the source: where a marker put there lands once parsed;
 * failing that, the end of the Markdown before it, parsed on its own (where an
 * unfinished mark, `**bol`, counts as text, so the place can be off by its few
 * characters, never outside the document).
 */
export function positionAtSourceOffset(doc: Node, markdown: string, offset: number): number {
  const before = markdown.slice(0, Math.max(0, Math.min(offset, markdown.length)));
  const marked = markedPosition(markdown, before.length);
  if (marked !== undefined && marked <= doc.content.size) return TextSelection.near(doc.resolve(marked)).from;
  if (!before.trim()) return Selection.atStart(doc).from;
  let prefix: Node;
  try {
    prefix = parseMarkdown(before);
  } catch {
    return Selection.atEnd(doc).from;
  }
  const end = Math.min(Selection.atEnd(prefix).from, doc.content.size);
  // After a line break the caret begins the next block (a new paragraph or list item), not the end of the last.
  if (trailingRun(before, ' \t\n\r').includes('\n')) {
    const next = Selection.findFrom(doc.resolve(Math.min(end + 1, doc.content.size)), 1, true);
    if (next) return next.from;
  }
  // Parsing drops the spaces a paragraph ends with; the caret goes after them, within its block.
  const near = TextSelection.near(doc.resolve(end)).$from;
  const spaces = trailingRun(before, ' \t').length;
  return near.parent.isTextblock ? Math.min(near.pos + spaces, near.end()) : near.pos;
}

/** The selection in `doc` matching a caret (or a selected range) in its Markdown source. */
export function selectionAtSourceCaret(doc: Node, markdown: string, caret: SourceCaret): Selection {
  const anchor = positionAtSourceOffset(doc, markdown, caret.start);
  const head = caret.end === caret.start ? anchor : positionAtSourceOffset(doc, markdown, caret.end);
  return TextSelection.between(doc.resolve(anchor), doc.resolve(Math.max(anchor, head)));
}
