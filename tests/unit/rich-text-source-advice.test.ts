import { describe, expect, it } from 'vitest';
import { sourceAdvice } from '../../src/editor/lib/rich-text/source-advice';

describe('sourceAdvice: what the site shows as text rather than does, said as Markdown is typed', () => {
  it('says nothing of plain Markdown, links the site makes, or code', () => {
    expect(sourceAdvice('')).toEqual([]);
    expect(sourceAdvice('# Title\n\nSee [the guide](/docs/getting-started/), [mail](mailto:a@b.c), [phone](tel:+441234), [out](https://example.com/a?b#c) and [intro](../intro).')).toEqual([]);
    expect(sourceAdvice('Use `<div>` and `javascript:void(0)` in code: `[x](javascript:alert(1))`.')).toEqual([]);
    expect(sourceAdvice('    <iframe src="x"></iframe>\n')).toEqual([]);
    expect(sourceAdvice('\\[not a link](javascript:alert(1)) and 3 < 4 > 2')).toEqual([]);
  });

  it('names a link whose address the site does not link, with the rule', () => {
    const [advice, ...rest] = sourceAdvice('Click [here](javascript:alert(document.cookie)) now.');
    expect(rest).toEqual([]);
    expect(advice).toMatch(/^The link to “javascript:alert\(document\.cookie\)” will show as plain text: the site does not link it\. Links /);
    expect(sourceAdvice('[x](//evil.example/a)')[0]).toContain('// starts another site’s address');
    // A reference-style link is a link too.
    expect(sourceAdvice('[x][1]\n\n[1]: data:text/html,hi')[0]).toContain('“data:text/html,hi”');
  });

  it('names HTML, inline or a block, as text the site shows as typed', () => {
    const [block] = sourceAdvice('<iframe src="https://www.youtube.com/embed/abc" allowfullscreen></iframe>');
    expect(block).toBe('HTML, such as “<iframe src="https://www.youtube.com/emb…”, shows on the site as the text you typed, not as HTML. Format text with the toolbar; for a video, add a Video section.');
    expect(sourceAdvice('Some <b>bold</b> words.')[0]).toContain('“<b>”');
    expect(sourceAdvice('Both [a](javascript:x) and <br>')).toHaveLength(2);
  });

  it('leaves a very long text alone rather than read it at every keystroke', () => {
    expect(sourceAdvice(`${'word '.repeat(5000)}<b>`)).toEqual([]);
  });
});
