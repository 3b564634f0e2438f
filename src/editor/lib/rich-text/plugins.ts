/**
 * The rich-text field's behaviour: its own undo history, keyboard shortcuts
 * and Markdown-style input rules (`## `, `- `, `1. `, `> `, three backticks).
 *
 * Undo: while the field has the focus, Ctrl/Cmd+Z first undoes the field's
 * own steps (ProseMirror's history). A key the field handles is
 * `preventDefault`ed, and the editor's global shortcut (useShortcuts) skips
 * prevented events; when the field has nothing left to undo the key falls
 * through to the editor's history, which restores earlier values of the field
 * (the field then reloads its document from the value).
 */
import { baseKeymap, chainCommands, exitCode } from 'prosemirror-commands';
import { history, redo, undo } from 'prosemirror-history';
import { InputRule, inputRules, textblockTypeInputRule, wrappingInputRule } from 'prosemirror-inputrules';
import { keymap } from 'prosemirror-keymap';
import type { Plugin } from 'prosemirror-state';
import { liftListItem, sinkListItem, splitListItem } from 'prosemirror-schema-list';
import { toggleBlock, toggleInline } from './commands';
import { nodes } from './schema';

const hardBreak = chainCommands(exitCode, (state, dispatch) => {
  if (dispatch) dispatch(state.tr.replaceSelectionWith(nodes.hard_break.create()).scrollIntoView());
  return true;
});

const rules: InputRule[] = [
  textblockTypeInputRule(/^(#{2,3})\s$/, nodes.heading, (match) => ({ level: match[1].length })),
  wrappingInputRule(/^\s*([-*])\s$/, nodes.bullet_list, (match) => ({ bullet: match[1] })),
  wrappingInputRule(/^(\d+)\.\s$/, nodes.ordered_list, (match) => ({ order: Number(match[1]) }), (match, node) => node.childCount + node.attrs.order === Number(match[1])),
  wrappingInputRule(/^\s*>\s$/, nodes.blockquote),
  textblockTypeInputRule(/^```$/, nodes.code_block),
];

/** `onLink` opens the link dialog (Ctrl/Cmd+K). */
export function richTextPlugins(onLink: () => void): Plugin[] {
  return [
    history(),
    inputRules({ rules }),
    keymap({
      'Mod-z': undo,
      'Shift-Mod-z': redo,
      'Mod-y': redo,
      'Mod-b': toggleInline('strong'),
      'Mod-i': toggleInline('em'),
      'Mod-e': toggleInline('code'),
      'Mod-k': () => {
        onLink();
        return true;
      },
      'Shift-Mod-7': toggleBlock('ordered_list'),
      'Shift-Mod-8': toggleBlock('bullet_list'),
      'Shift-Enter': hardBreak,
      Enter: splitListItem(nodes.list_item),
      'Mod-[': liftListItem(nodes.list_item),
      'Mod-]': sinkListItem(nodes.list_item),
    }),
    keymap(baseKeymap),
  ];
}
