import { describe, expect, it } from 'vitest';
import { renderedMarkdownKept, renderMarkdown } from '../../src/engine/markdown';

describe('renderMarkdown', () => {
  it('renders headings, emphasis, lists and links', () => {
    const html = renderMarkdown('## Title\n\n**bold** and [a link](/about/)\n\n- one\n- two');
    expect(html).toContain('<h2>Title</h2>');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('<a href="/about/">a link</a>');
    expect(html).toContain('<li>one</li>');
  });

  it('escapes raw HTML instead of rendering it', () => {
    const html = renderMarkdown('<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>');
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;script&gt;');
  });

  it('drops links with unsafe schemes', () => {
    for (const href of ['javascript:alert(1)', 'JAVASCRIPT:alert(1)', 'data:text/html,x', 'vbscript:x']) {
      expect(renderMarkdown(`[x](${href})`)).not.toContain('href=');
    }
    expect(renderMarkdown('[mail](mailto:a@b.co)')).toContain('href="mailto:a@b.co"');
  });

  it('puts every code block in the tab order, so one wider than its column can be scrolled from the keyboard', () => {
    expect(renderMarkdown('```sh\nnpm install\n```')).toBe('<pre tabindex="0"><code class="language-sh">npm install\n</code></pre>\n');
    expect(renderMarkdown('    indented code')).toBe('<pre tabindex="0"><code>indented code\n</code></pre>\n');
    expect(renderMarkdown('`inline` code')).not.toContain('tabindex');
  });

  it('renders image syntax as text, since Markdown images carry no size', () => {
    expect(renderMarkdown('![alt](/a.png)')).not.toContain('<img');
  });
});

it('keeps the page title the only h1, and gives a body’s headings the levels under it in order, skipping none', () => {
  expect(renderMarkdown('# Big\n\n## Small')).toBe('<h2>Big</h2>\n<h3>Small</h3>\n');
  // `###` alone under the page's h1 was an h3: a level skipped.
  expect(renderMarkdown('### Only small')).toBe('<h2>Only small</h2>\n');
  expect(renderMarkdown('## A\n\n#### B\n\n## C')).toBe('<h2>A</h2>\n<h3>B</h3>\n<h2>C</h2>\n');
  expect(renderMarkdown('# 1\n\n## 2\n\n### 3\n\n#### 4\n\n##### 5\n\n###### 6')).toBe('<h2>1</h2>\n<h3>2</h3>\n<h4>3</h4>\n<h5>4</h5>\n<h6>5</h6>\n<h6>6</h6>\n');
});

describe('Markdown links use the link allowlist', () => {
  it('keeps safe links and drops script, data and protocol-relative ones', () => {
    for (const [source, kept] of [
      ['[a](https://example.com/x)', true],
      ['[a](/about/)', true],
      ['[a](#top)', true],
      ['[a](mailto:a@b.c)', true],
      ['[a](../intro)', true],
      ['[a](javascript:alert(1))', false],
      ['[a](JaVaScRiPt:alert(1))', false],
      ['[a](data:text/html,x)', false],
      ['[a](vbscript:x)', false],
      ['[a](//evil.example/x)', false],
    ] as const) {
      expect(renderMarkdown(source).includes('<a href='), source).toBe(kept);
    }
  });

  it('keeps what it rendered, bounded, the least recently used let go first; a large body is rendered but not kept', () => {
    const body = `Kept ${Math.random()}: **once**`;
    const first = renderMarkdown(body);
    const kept = renderedMarkdownKept();
    expect(renderMarkdown(body)).toBe(first);
    expect(renderedMarkdownKept()).toEqual(kept);
    const large = `${'word '.repeat(kept.limit / 16 / 5 + 1)}end`;
    expect(renderMarkdown(large)).toContain('end</p>');
    expect(renderedMarkdownKept()).toEqual(kept);
    // Twice the limit of other bodies, `body` used between them: it stays, the oldest go.
    for (let index = 0; index < 80; index += 1) {
      renderMarkdown(`${index} ${'x'.repeat(kept.limit / 40)}`);
      expect(renderedMarkdownKept().chars).toBeLessThanOrEqual(kept.limit);
      renderMarkdown(body);
    }
    const filled = renderedMarkdownKept();
    expect(filled.bodies).toBeLessThan(60);
    expect(renderMarkdown(body)).toBe(first);
    expect(renderedMarkdownKept()).toEqual(filled);
    renderMarkdown(`0 ${'x'.repeat(kept.limit / 40)}`);
    expect(renderedMarkdownKept()).not.toEqual(filled);
  });

  it('renders texts that differ only in a lone surrogate each as it is (their UTF-8 hashes would be equal)', () => {
    const [high, low] = [renderMarkdown('a\uD800b'), renderMarkdown('a\uDC00b')];
    expect(high).toContain('a\uD800b');
    expect(low).toContain('a\uDC00b');
    expect(renderMarkdown('a\uFFFDb')).toContain('a\uFFFDb');
  });
});
