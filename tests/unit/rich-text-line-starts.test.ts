/**
 * A review: SiteSerialiserState ("text typed in the visual editor is escaped so the site shows it as
 * typed") escapes line-start syntax only at the start of a block. A line begun after a hard break
 * (Shift+Enter), a lone "+" (or "+<tab>"), and a heading ending in " #" still change meaning on the
 * site, and the stored text then no longer opens in the visual editor.
 */
import { describe, expect, it } from 'vitest';
import type { Node } from 'prosemirror-model';
import { openMarkdown, serialiseMarkdown } from '../../src/editor/lib/rich-text/markdown';
import { richTextSchema } from '../../src/editor/lib/rich-text/schema';
import { renderMarkdown } from '../../src/engine/markdown';

const { paragraph, hard_break, heading } = richTextSchema.nodes;
const text = (value: string) => richTextSchema.text(value);
const doc = (block: Node) => richTextSchema.node('doc', null, [block]);
const afterBreak = (line: string) => doc(paragraph!.create(null, [text('First line'), hard_break!.create(), text(line)]));

describe('the site escaping misses line starts that are not block starts', () => {
  const cases: [string, Node, RegExp][] = [
    ['"# b" after Shift+Enter', afterBreak('# Not a heading'), /^<p>First line<br>\n# Not a heading<\/p>/],
    ['"- b" after Shift+Enter', afterBreak('- not a list'), /^<p>First line<br>\n- not a list<\/p>/],
    ['"1. b" after Shift+Enter', afterBreak('1. not a list'), /^<p>First line<br>\n1. not a list<\/p>/],
    ['"> b" after Shift+Enter', afterBreak('> not a quote'), /^<p>First line<br>\n&gt; not a quote<\/p>/],
    ['"===" after Shift+Enter', afterBreak('==='), /^<p>First line<br>\n===<\/p>/],
    ['a lone "+"', doc(paragraph!.create(null, text('+'))), /^<p>\+<\/p>/],
    ['"+<tab>" at the start', doc(paragraph!.create(null, text('+\tone'))), /^<p>\+\tone<\/p>/],
    ['a heading ending in " #"', doc(heading!.create({ level: 2 }, text('Ticket #'))), /Ticket #<\/h\d>/],
  ];
  for (const [name, node, shown] of cases) {
    it(`${name}: the site shows it as typed, and it opens visually again`, () => {
      const markdown = serialiseMarkdown(node);
      expect(renderMarkdown(markdown), JSON.stringify(markdown)).toMatch(shown);
      expect(openMarkdown(markdown).mode, JSON.stringify(markdown)).toBe('visual');
    });
  }
});
