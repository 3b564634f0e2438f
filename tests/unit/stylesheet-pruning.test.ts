import { describe, expect, it } from 'vitest';
import { prunableStylesheet, prunedStylesheet, scopesIn } from '../../src/lib/stylesheet-pruning';

const prune = (css: string, ...present: string[]) => prunedStylesheet(prunableStylesheet(css), new Set(present));

describe('cutting a stylesheet down to a page', () => {
  const css =
    ':root{--ink:#111}body{margin:0}' +
    '.hero[data-astro-cid-aaa]{color:red}' +
    '.card[data-astro-cid-bbb],.tile[data-astro-cid-ccc]{padding:1rem}' +
    '.hero[data-astro-cid-aaa] .card[data-astro-cid-bbb]{gap:0}' +
    '@media (min-width:40rem){.hero[data-astro-cid-aaa]{font-size:2rem}body{font-size:1.1rem}}' +
    '@media print{.card[data-astro-cid-bbb]{display:none}}' +
    '@keyframes spin{to{transform:rotate(1turn)}}' +
    '@font-face{font-family:X;src:url(x.woff2)}';

  it('keeps rules with no scope, and a whole stylesheet when every scope is present', () => {
    expect(prune(css, 'aaa', 'bbb', 'ccc')).toBe(css);
    expect(prune(css)).toBe(':root{--ink:#111}body{margin:0}@media (min-width:40rem){body{font-size:1.1rem}}@keyframes spin{to{transform:rotate(1turn)}}@font-face{font-family:X;src:url(x.woff2)}');
  });

  it('keeps a rule for the selectors whose scopes are present, and drops an at-rule left empty', () => {
    expect(prune(css, 'bbb')).toBe(
      ':root{--ink:#111}body{margin:0}.card[data-astro-cid-bbb]{padding:1rem}@media (min-width:40rem){body{font-size:1.1rem}}@media print{.card[data-astro-cid-bbb]{display:none}}@keyframes spin{to{transform:rotate(1turn)}}@font-face{font-family:X;src:url(x.woff2)}',
    );
  });

  it('needs every scope a selector names', () => {
    expect(prune(css, 'aaa')).not.toContain('.card');
    expect(prune(css, 'aaa', 'bbb')).toContain('.hero[data-astro-cid-aaa] .card[data-astro-cid-bbb]{gap:0}');
  });

  it('counts only scopes a selector needs itself, not those inside a pseudo-class', () => {
    const negated = '.a:not([data-astro-cid-zzz]){color:red}.b:is([data-astro-cid-zzz]){color:blue}';
    expect(prune(negated)).toBe(negated);
    // A scope attribute compared with a value is not Astro's, and says nothing certain.
    expect(prune('[data-astro-cid-zzz="1"]{color:red}')).toBe('[data-astro-cid-zzz="1"]{color:red}');
  });

  it('compares scopes without regard to case, as HTML compares attribute names', () => {
    expect(prune('.a[DATA-ASTRO-CID-Abc]{color:red}', 'abc')).toBe('.a[DATA-ASTRO-CID-Abc]{color:red}');
    expect(prune('.a[DATA-ASTRO-CID-Abc]{color:red}')).toBe('');
  });

  it('keeps at-rules it does not know whole, and lists every scope the sheet needs', () => {
    const sheet = prunableStylesheet('@supports (display:grid){.g[data-astro-cid-ggg]{display:grid}}@scope (.x){.y[data-astro-cid-sss]{color:red}}');
    expect([...sheet.scopes]).toEqual(['ggg']);
    expect(prunedStylesheet(sheet, new Set())).toBe('@scope (.x){.y[data-astro-cid-sss]{color:red}}');
  });
});

describe('the scopes a page carries', () => {
  it('finds every data-astro-cid attribute in the markup, in lower case', () => {
    const page = Buffer.from('<html><head></head><body><main data-astro-cid-abc12 class="x"><p data-astro-cid-DEF data-astro-cid-abc12>data-astro-cid-</p></main></body></html>');
    expect([...scopesIn(page)].sort()).toEqual(['abc12', 'def']);
  });
});

describe('what cutting down leaves alone', () => {
  it('keeps @layer blocks whole: an empty one still ranks its layer', () => {
    const layered = '@layer base{.x[data-astro-cid-abc]{color:red}}@layer theme{p{color:blue}}@layer base{p{color:green}}';
    expect(prune(layered)).toBe(layered);
  });

  it('reads a scope written with CSS escapes as the name it stands for', () => {
    expect(prune('.a[data-astro-cid-\\61 bc]{color:red}', 'abc')).toBe('.a[data-astro-cid-\\61 bc]{color:red}');
    expect(prune('.a[data-astro-cid-\\61 bc]{color:red}', 'xyz')).toBe('');
  });
});
