/**
 * The rich-text field's toolbar: one tab stop, arrow keys move between the
 * buttons (the ARIA toolbar pattern), each formatting button says whether it
 * applies where the cursor is (`aria-pressed`) and names its shortcut.
 */
import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { Command, EditorState } from 'prosemirror-state';
import type { EditorView } from 'prosemirror-view';
import { blockActive, insertRule, markActive, toggleBlock, toggleInline, type BlockFormat, type InlineFormat } from '../../lib/rich-text/commands';
import { marks } from '../../lib/rich-text/schema';

const MOD = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform) ? '⌘' : 'Ctrl+';

const icon = (path: string) => (
  <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round">
    <path d={path} />
  </svg>
);

type Button = { label: string; content: ReactNode; shortcut?: string; command: Command; pressed?: (state: EditorState) => boolean };

const inline = (format: InlineFormat, label: string, content: ReactNode, shortcut?: string): Button => ({
  label, content, shortcut, command: toggleInline(format), pressed: (state) => markActive(state, marks[format]),
});
const block = (format: BlockFormat, label: string, content: ReactNode, shortcut?: string): Button => ({
  label, content, shortcut, command: toggleBlock(format), pressed: (state) => blockActive(state, format),
});

const GROUPS: Button[][] = [
  [block('heading2', 'Heading', <span className="rt-glyph">H2</span>), block('heading3', 'Subheading', <span className="rt-glyph">H3</span>)],
  [
    inline('strong', 'Bold', <strong className="rt-glyph">B</strong>, `${MOD}B`),
    inline('em', 'Italic', <em className="rt-glyph rt-italic">I</em>, `${MOD}I`),
    inline('code', 'Code', icon('M6 4 2 8l4 4M10 4l4 4-4 4'), `${MOD}E`),
  ],
  [
    block('bullet_list', 'Bulleted list', icon('M6 4h8M6 8h8M6 12h8M2.5 4h.01M2.5 8h.01M2.5 12h.01'), `${MOD}Shift+8`),
    block('ordered_list', 'Numbered list', icon('M7 4h7M7 8h7M7 12h7M2 3l1-.5V6M2 10h2l-2 2.5h2'), `${MOD}Shift+7`),
    block('blockquote', 'Quote', icon('M3 5h4v4H5l-1 3M9 5h4v4h-2l-1 3')),
    block('code_block', 'Code block', icon('M2 3h12v10H2zM5 6.5 6.5 8 5 9.5M8 9.5h3')),
    { label: 'Horizontal rule', content: icon('M2 8h12'), command: insertRule },
  ],
];

export function RichTextToolbar({ label, view, state, source, onLink, linkActive, onToggleSource }: {
  label: string;
  view: EditorView | null;
  state: EditorState | null;
  source: boolean;
  onLink(): void;
  linkActive: boolean;
  onToggleSource(): void;
}) {
  const [focusIndex, setFocusIndex] = useState(0);
  const bar = useRef<HTMLDivElement>(null);
  const run = (command: Command) => {
    if (!view) return;
    command(view.state, view.dispatch, view);
    view.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const buttons = [...bar.current!.querySelectorAll<HTMLButtonElement>('button')];
    const current = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const next = { ArrowRight: current + 1, ArrowLeft: current - 1, Home: 0, End: buttons.length - 1 }[event.key];
    if (next === undefined || current < 0) return;
    event.preventDefault();
    const target = buttons[(next + buttons.length) % buttons.length];
    setFocusIndex(Number(target.dataset.index));
    target.focus();
  };
  const linkIndex = GROUPS.flat().length;
  const sourceIndex = linkIndex + 1;
  // Disabled tools stay focusable (aria-disabled), as the toolbar pattern advises, so the one tab stop never vanishes.
  const tabStop = source ? sourceIndex : focusIndex;
  const props = (i: number, name: string, title: string, enabled: boolean, onClick: () => void) => ({
    type: 'button' as const,
    'data-index': i,
    tabIndex: i === tabStop ? 0 : -1,
    className: 'rt-button',
    'aria-label': name,
    title,
    'aria-disabled': enabled ? undefined : true,
    onMouseDown: (event: { preventDefault(): void }) => event.preventDefault(), // keep the text's selection
    onClick: () => enabled && onClick(),
    onFocus: () => setFocusIndex(i),
  });
  let index = 0;
  const tool = (button: Button) => {
    const i = index++;
    const title = button.shortcut ? `${button.label} (${button.shortcut})` : button.label;
    const enabled = state !== null && button.command(state);
    return (
      <button key={button.label} {...props(i, button.label, title, enabled, () => run(button.command))} aria-pressed={button.pressed ? Boolean(state && button.pressed(state)) : undefined}>
        {button.content}
      </button>
    );
  };
  return (
    <div className="rt-toolbar" role="toolbar" aria-label={`${label} formatting`} ref={bar} onKeyDown={onKeyDown}>
      {source && <span className="rt-mode-note">Editing the text with its formatting marks (Markdown)</span>}
      {!source &&
        GROUPS.map((group, g) => (
          <div className="rt-group" key={g}>
            {group.map(tool)}
            {g === 1 && (
              <button {...props(linkIndex, 'Link', `Link (${MOD}K)`, view !== null, onLink)} aria-pressed={linkActive}>
                {icon('M6.5 9.5a3 3 0 0 0 4.2 0l2-2a3 3 0 0 0-4.2-4.2l-.8.8M9.5 6.5a3 3 0 0 0-4.2 0l-2 2a3 3 0 0 0 4.2 4.2l.8-.8')}
              </button>
            )}
          </div>
        ))}
      <button
        {...props(sourceIndex, 'Source', source ? 'Back to the formatted view' : 'Show the text with its formatting marks (Markdown)', true, onToggleSource)}
        className="rt-button rt-source-toggle"
        aria-pressed={source}
      >
        Source
      </button>
    </div>
  );
}
