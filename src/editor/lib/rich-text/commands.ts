/**
 * What the rich-text toolbar and shortcuts do, as ProseMirror commands over
 * the field's state, and which of them is active where the cursor is (for
 * `aria-pressed`). Pure: unit tests run them on a state without a view.
 */
import { lift, setBlockType, toggleMark, wrapIn } from 'prosemirror-commands';
import type { MarkType, NodeType } from 'prosemirror-model';
import { liftListItem, wrapInList } from 'prosemirror-schema-list';
import { TextSelection, type Command, type EditorState } from 'prosemirror-state';
import { marks, nodes } from './schema';

export type InlineFormat = 'strong' | 'em' | 'code' | 'strike';
export type BlockFormat = 'paragraph' | 'heading2' | 'heading3' | 'bullet_list' | 'ordered_list' | 'blockquote' | 'code_block';

export function markActive(state: EditorState, type: MarkType): boolean {
  const { from, to, empty, $from } = state.selection;
  if (empty) return Boolean(type.isInSet(state.storedMarks ?? $from.marks()));
  return state.doc.rangeHasMark(from, to, type);
}

/** The innermost ancestor of the cursor of this type, if any. */
function ancestorDepth(state: EditorState, type: NodeType): number | undefined {
  const { $from } = state.selection;
  for (let depth = $from.depth; depth > 0; depth -= 1) if ($from.node(depth).type === type) return depth;
  return undefined;
}

export function blockActive(state: EditorState, format: BlockFormat): boolean {
  const parent = state.selection.$from.parent;
  switch (format) {
    case 'paragraph':
      return parent.type === nodes.paragraph;
    case 'heading2':
    case 'heading3':
      return parent.type === nodes.heading && parent.attrs.level === Number(format.slice(-1));
    case 'code_block':
      return parent.type === nodes.code_block;
    case 'bullet_list':
    case 'ordered_list': {
      // The list that owns the cursor's item: the nearest list ancestor.
      const { $from } = state.selection;
      for (let depth = $from.depth; depth > 0; depth -= 1) {
        const type = $from.node(depth).type;
        if (type === nodes.bullet_list || type === nodes.ordered_list) return type === nodes[format];
      }
      return false;
    }
    case 'blockquote':
      return ancestorDepth(state, nodes.blockquote) !== undefined;
  }
}

export const toggleInline = (format: InlineFormat): Command => toggleMark(marks[format]);

const textBlock = (format: BlockFormat): Command => {
  if (format === 'heading2' || format === 'heading3') return setBlockType(nodes.heading, { level: Number(format.slice(-1)) });
  return setBlockType(format === 'code_block' ? nodes.code_block : nodes.paragraph);
};

/** A block format toggles: applying the active one turns it back into a paragraph (or lifts the list or quote). */
export function toggleBlock(format: BlockFormat): Command {
  return (state, dispatch) => {
    const active = blockActive(state, format);
    switch (format) {
      case 'bullet_list':
      case 'ordered_list': {
        if (active) return liftListItem(nodes.list_item)(state, dispatch);
        const other = format === 'bullet_list' ? nodes.ordered_list : nodes.bullet_list;
        const otherDepth = ancestorDepth(state, other);
        if (otherDepth !== undefined) {
          // Switching the kind of list keeps its items: change the list node in place.
          if (dispatch) dispatch(state.tr.setNodeMarkup(state.selection.$from.before(otherDepth), nodes[format]));
          return true;
        }
        return wrapInList(nodes[format])(state, dispatch);
      }
      case 'blockquote':
        return active ? lift(state, dispatch) : wrapIn(nodes.blockquote)(state, dispatch);
      default:
        return active && format !== 'paragraph' ? textBlock('paragraph')(state, dispatch) : textBlock(format)(state, dispatch);
    }
  };
}

export const insertRule: Command = (state, dispatch) => {
  if (dispatch) dispatch(state.tr.replaceSelectionWith(nodes.horizontal_rule.create()).scrollIntoView());
  return true;
};

/** The link around the cursor (or just before it): its href and the range of text it covers. */
export function linkAt(state: EditorState): { href: string; from: number; to: number } | undefined {
  const { $from } = state.selection;
  const parent = $from.parent;
  const linkOf = (index: number) => (index >= 0 && index < parent.childCount ? marks.link.isInSet(parent.child(index).marks) : undefined);
  let index = $from.index();
  let mark = linkOf(index);
  if (!mark && $from.textOffset === 0) mark = linkOf((index -= 1));
  if (!mark) return undefined;
  const link = mark;
  const sameLink = (i: number) => linkOf(i)?.eq(link) ?? false;
  let first = index;
  let last = index;
  while (sameLink(first - 1)) first -= 1;
  while (sameLink(last + 1)) last += 1;
  let from = $from.start();
  for (let i = 0; i < first; i += 1) from += parent.child(i).nodeSize;
  let to = from;
  for (let i = first; i <= last; i += 1) to += parent.child(i).nodeSize;
  return { href: mark.attrs.href as string, from, to };
}

/**
 * Links the selection (or the whole link the cursor is in) to `href`. With
 * nothing selected and no link around, inserts `text` (default: the href) as a
 * linked text.
 */
export function setLink(href: string, text?: string): Command {
  return (state, dispatch) => {
    const existing = linkAt(state);
    const { from, to, empty } = state.selection;
    const mark = marks.link.create({ href });
    if (!dispatch) return true;
    if (existing) {
      dispatch(state.tr.removeMark(existing.from, existing.to, marks.link).addMark(existing.from, existing.to, mark));
    } else if (empty) {
      const label = text || href;
      const tr = state.tr.insert(from, state.schema.text(label, [mark]));
      dispatch(tr.setSelection(TextSelection.create(tr.doc, from + label.length)).removeStoredMark(marks.link));
    } else {
      dispatch(state.tr.addMark(from, to, mark));
    }
    return true;
  };
}

export const removeLink: Command = (state, dispatch) => {
  const existing = linkAt(state);
  const { from, to } = state.selection;
  if (!existing && !state.doc.rangeHasMark(from, to, marks.link)) return false;
  if (dispatch) dispatch(existing ? state.tr.removeMark(existing.from, existing.to, marks.link) : state.tr.removeMark(from, to, marks.link));
  return true;
};
