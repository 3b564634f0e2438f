import { describe, expect, it } from 'vitest';
import { EditorState, TextSelection, type Command } from 'prosemirror-state';
import { blockActive, insertRule, linkAt, markActive, removeLink, setLink, toggleBlock, toggleInline } from '../../src/editor/lib/rich-text/commands';
import { parseMarkdown, serialiseMarkdown } from '../../src/editor/lib/rich-text/markdown';
import { marks } from '../../src/editor/lib/rich-text/schema';

/** A state whose selection covers `selected` (or sits before it, when `cursor`) in the Markdown's text. */
function stateAt(markdown: string, selected: string, { cursor = false } = {}): EditorState {
  const doc = parseMarkdown(markdown);
  let found = -1;
  doc.descendants((node, pos) => {
    if (found < 0 && node.isText && node.text!.includes(selected)) found = pos + node.text!.indexOf(selected);
  });
  if (found < 0) throw new Error(`"${selected}" not in ${markdown}`);
  return EditorState.create({ doc, selection: TextSelection.create(doc, found, cursor ? found : found + selected.length) });
}

function run(state: EditorState, command: Command): { state: EditorState; markdown: string } {
  let next = state;
  expect(command(state, (tr) => (next = state.apply(tr)))).toBe(true);
  return { state: next, markdown: serialiseMarkdown(next.doc) };
}

describe('rich-text commands', () => {
  it('bolds, italicises and codes a selected word, and reports it active', () => {
    const bold = run(stateAt('Hello world', 'world'), toggleInline('strong'));
    expect(bold.markdown).toBe('Hello **world**');
    expect(markActive(bold.state, marks.strong)).toBe(true);
    expect(run(bold.state, toggleInline('strong')).markdown).toBe('Hello world');
    expect(run(stateAt('Hello world', 'Hello'), toggleInline('em')).markdown).toBe('*Hello* world');
    expect(run(stateAt('Run npm test', 'npm test'), toggleInline('code')).markdown).toBe('Run `npm test`');
  });

  it('toggles headings, quotes and code blocks', () => {
    const heading = run(stateAt('Title\n\nText', 'Title', { cursor: true }), toggleBlock('heading2'));
    expect(heading.markdown).toBe('## Title\n\nText');
    expect(blockActive(heading.state, 'heading2')).toBe(true);
    expect(run(heading.state, toggleBlock('heading2')).markdown).toBe('Title\n\nText');
    const quote = run(stateAt('Said', 'Said'), toggleBlock('blockquote'));
    expect(quote.markdown).toBe('> Said');
    expect(blockActive(quote.state, 'blockquote')).toBe(true);
    expect(run(quote.state, toggleBlock('blockquote')).markdown).toBe('Said');
    expect(run(stateAt('npm test', 'npm'), toggleBlock('code_block')).markdown).toBe('```\nnpm test\n```');
  });

  it('makes lists, switches their kind and lifts items out', () => {
    const bullets = run(stateAt('One', 'One'), toggleBlock('bullet_list'));
    expect(bullets.markdown).toBe('- One');
    expect(blockActive(bullets.state, 'bullet_list')).toBe(true);
    const numbered = run(bullets.state, toggleBlock('ordered_list'));
    expect(numbered.markdown).toBe('1. One');
    expect(blockActive(numbered.state, 'ordered_list')).toBe(true);
    expect(run(numbered.state, toggleBlock('ordered_list')).markdown).toBe('One');
  });

  it('inserts a rule', () => {
    expect(run(stateAt('Above', 'Above', { cursor: true }), insertRule).markdown).toBe('---\n\nAbove');
  });

  it('links a selection, edits the link around the cursor and removes it', () => {
    const linked = run(stateAt('See the about page', 'about page'), setLink('/about'));
    expect(linked.markdown).toBe('See the [about page](/about)');
    const inside = stateAt(linked.markdown, 'about', { cursor: true });
    expect(linkAt(inside)).toEqual({ href: '/about', from: 9, to: 19 });
    expect(run(inside, setLink('/posts/x')).markdown).toBe('See the [about page](/posts/x)');
    expect(run(inside, removeLink).markdown).toBe('See the about page');
    expect(removeLink(stateAt('Plain', 'Plain'))).toBe(false);
  });

  it('inserts linked text where nothing is selected', () => {
    const inserted = run(stateAt('Go ', 'Go', { cursor: true }), setLink('https://example.com', 'Example'));
    expect(inserted.markdown).toBe('[Example](https://example.com)Go');
    expect(markActive(inserted.state, marks.link)).toBe(false);
  });
});
