import { describe, expect, it } from 'vitest';
import { positionAtSourceOffset, selectionAtSourceCaret } from '../../src/editor/lib/rich-text/caret';
import { parseMarkdown } from '../../src/editor/lib/rich-text/markdown';

/** The document's text before the place `offset` characters into `markdown` lands, blocks joined by `|`. */
function textBefore(markdown: string, offset: number): string {
  const doc = parseMarkdown(markdown);
  return doc.textBetween(0, positionAtSourceOffset(doc, markdown, offset), '|');
}

describe('a caret in the Markdown source, placed in the formatted document', () => {
  it('lands after the same words, in the same block', () => {
    const markdown = '## Name the decisions\n\nA token is a **decision** with a name.';
    expect(textBefore(markdown, markdown.indexOf('decisions') + 4)).toBe('Name the deci');
    expect(textBefore(markdown, markdown.indexOf('with'))).toBe('Name the decisions|A token is a decision ');
  });

  it('starts at the start and ends at the end', () => {
    const markdown = 'One.\n\nTwo.';
    const doc = parseMarkdown(markdown);
    expect(positionAtSourceOffset(doc, markdown, 0)).toBe(1);
    expect(doc.textBetween(0, positionAtSourceOffset(doc, markdown, markdown.length), '|')).toBe('One.|Two.');
    expect(doc.textBetween(0, positionAtSourceOffset(doc, markdown, 10_000), '|')).toBe('One.|Two.');
  });

  it('after a blank line, begins the next paragraph rather than ending the last', () => {
    const markdown = 'One.\n\nTwo.';
    const doc = parseMarkdown(markdown);
    const at = positionAtSourceOffset(doc, markdown, 'One.\n\n'.length);
    expect(doc.textBetween(0, at, '|')).toBe('One.|');
    expect(doc.resolve(at).parent.textContent).toBe('Two.');
  });

  it('inside list items and links', () => {
    const markdown = '- first item\n- second [link](/about) item';
    expect(textBefore(markdown, markdown.indexOf('cond'))).toBe('first item|se');
    expect(textBefore(markdown, markdown.indexOf(' item', markdown.indexOf('link')))).toBe('first item|second link');
  });

  it('inside a bold, an emphasis, a link or code, it lands between the same letters', () => {
    const markdown = 'Plain **bold words** and *soft* [a link](/about) `code` end.';
    expect(textBefore(markdown, markdown.indexOf('words'))).toBe('Plain bold ');
    expect(textBefore(markdown, markdown.indexOf('ft*'))).toBe('Plain bold words and so');
    expect(textBefore(markdown, markdown.indexOf('link]'))).toBe('Plain bold words and soft a ');
    expect(textBefore(markdown, markdown.indexOf('de`'))).toBe('Plain bold words and soft a link co');
  });

  it('inside a link’s address, or between a mark’s stars, it stays inside the document', () => {
    const markdown = 'See [the guide](/docs/getting-started) and **bold** text.';
    const doc = parseMarkdown(markdown);
    for (const offset of [markdown.indexOf('getting'), markdown.indexOf('*bold')]) {
      const at = positionAtSourceOffset(doc, markdown, offset);
      expect(at).toBeGreaterThan(0);
      expect(at).toBeLessThanOrEqual(doc.content.size);
    }
  });

  it('a selected range stays selected', () => {
    const markdown = 'Keep the fossil record tidy.';
    const doc = parseMarkdown(markdown);
    const selection = selectionAtSourceCaret(doc, markdown, { start: markdown.indexOf('fossil'), end: markdown.indexOf(' tidy') });
    expect(doc.textBetween(selection.from, selection.to)).toBe('fossil record');
  });
});

describe('a caret after a long run of spaces', () => {
  // The spaces are read with a loop: an end-anchored regex (/\s*$/) was quadratic, seconds on 40,000 spaces.
  it('begins the next paragraph after a blank line of spaces', () => {
    const markdown = `Words${' '.repeat(50_000)}\n${' '.repeat(50_000)}\nmore.`;
    const doc = parseMarkdown(markdown);
    const at = positionAtSourceOffset(doc, markdown, markdown.indexOf('more'));
    expect(doc.resolve(at).parent.textContent).toBe('more.');
  });
});
