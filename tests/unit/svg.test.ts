import { describe, expect, it } from 'vitest';
import { checkImageContent, sniffImageType } from '../../src/server/images';
import { checkSvg, MAX_SVG_DEPTH, MAX_SVG_ELEMENTS } from '../../src/server/svg';
import { svgCorpus, svgRefusal as refusal } from '../helpers/svg-corpus';
import { cleanSvg, hostileSvgs } from '../integration/fixtures';

const S = 'xmlns="http://www.w3.org/2000/svg"';
const XHTML = 'http://www.w3.org/1999/xhtml';

const uploadSvg = (bytes: Buffer | string) => checkImageContent(Buffer.from(bytes), 'svg', 'image/svg+xml');

describe('the SVG corpus', () => {
  const hostile = svgCorpus(['hostile']);
  const benign = svgCorpus(['benign']);

  it('holds at least 100 hostile and 15 benign SVGs', () => {
    expect(hostile.length).toBeGreaterThanOrEqual(100);
    expect(benign.length).toBeGreaterThanOrEqual(15);
  });

  describe('every hostile file is refused with 400', () => {
    it.each(hostile.map((file) => [file.name, file.bytes] as const))('%s', async (_name, bytes) => {
      refusal(bytes);
      await expect(uploadSvg(bytes)).rejects.toMatchObject({ status: 400 });
    });
  });

  describe('every benign file is accepted', () => {
    it.each(benign.map((file) => [file.name, file.bytes] as const))('%s', async (_name, bytes) => {
      expect(sniffImageType(bytes)).toBe('svg');
      expect(() => checkSvg(bytes)).not.toThrow();
      await expect(uploadSvg(bytes)).resolves.toBeUndefined();
    });
  });
});

describe('the integration fixtures', () => {
  it('accepts cleanSvg', async () => {
    await expect(uploadSvg(cleanSvg)).resolves.toBeUndefined();
  });
  it.each(Object.entries(hostileSvgs))('refuses the hostile SVG "%s"', async (_name, svg) => {
    await expect(uploadSvg(svg)).rejects.toMatchObject({ status: 400 });
  });
});

describe('the bypasses of the regex check are refused', () => {
  const cases: [string, string | Buffer, RegExp][] = [
    ['<svg:script> with xmlns:svg', `<svg:svg xmlns:svg="http://www.w3.org/2000/svg"><svg:script>alert(1)</svg:script></svg:svg>`, /<svg:script> is not allowed/],
    ['<svg:script> with CDATA', `<svg ${S} xmlns:svg="http://www.w3.org/2000/svg"><svg:script><![CDATA[alert(1)]]></svg:script></svg>`, /<svg:script> is not allowed/],
    ['<svg:script> with a BOM', `\uFEFF<svg:svg xmlns:svg="http://www.w3.org/2000/svg"><svg:script>alert(1)</svg:script></svg:svg>`, /<svg:script> is not allowed/],
    ['<h:script> in the XHTML namespace', `<svg ${S}><h:script xmlns:h="${XHTML}">alert(1)</h:script></svg>`, /the element <h:script> is not in the SVG namespace/],
    ['<h:iframe srcdoc>', `<svg ${S}><h:iframe xmlns:h="${XHTML}" srcdoc="&lt;script&gt;alert(1)&lt;/script&gt;"/></svg>`, /the element <h:iframe> is not in the SVG namespace/],
    ['an ISO-2022-JP declaration with ESC-split keywords', `<?xml version="1.0" encoding="ISO-2022-JP"?><svg ${S}><scr\x1b(Bipt>alert(1)</scr\x1b(Bipt></svg>`, /encoding="ISO-2022-JP" \(only UTF-8\)/],
    ['ESC bytes without a declaration', `<svg ${S}><scr\x1b(Bipt>alert(1)</scr\x1b(Bipt></svg>`, /not well-formed XML/],
    ['<set attributeName="href">', `<svg ${S}><use href="#r"><set attributeName="href" to="javascript:alert(1)"/></use><rect id="r"/></svg>`, /<set> animates "href"/],
    ['<set attributeName="href"> to an external file', `<svg ${S}><use href="#r"><set attributeName="href" to="https://evil.test/x.svg#r"/></use><rect id="r"/></svg>`, /<set> animates "href"/],
    ['<set attributeName="onmouseover">', `<svg ${S}><rect><set attributeName="onmouseover" to="alert(1)"/></rect></svg>`, /<set> animates "onmouseover"/],
    ['the CSS escape \\75 rl(', `<svg ${S}><style>rect{fill:\\75 rl(https://evil.test/x)}</style></svg>`, /<style> contains a backslash/],
    ['the CSS escape @\\69mport', `<svg ${S}><style>@\\69mport "https://evil.test/x.css";</style></svg>`, /<style> contains a backslash/],
    ['image-set("…")', `<svg ${S}><style>rect{fill:image-set("https://evil.test/x.png" 1x)}</style></svg>`, /<style> contains the CSS function image-set\(\)/],
    ['<h:img src>', `<svg ${S}><h:img xmlns:h="${XHTML}" src="https://evil.test/t.png"/></svg>`, /the element <h:img> is not in the SVG namespace/],
    ['<h:audio src>', `<svg ${S} xmlns:h="${XHTML}"><h:audio src="https://evil.test/a.mp3"/></svg>`, /xmlns:h of <svg> binds the namespace "http:\/\/www.w3.org\/1999\/xhtml"/],
    ['<h:meta http-equiv=refresh>', `<svg ${S}><h:meta xmlns:h="${XHTML}" http-equiv="refresh" content="0;url=https://evil.test/"/></svg>`, /the element <h:meta> is not in the SVG namespace/],
  ];
  it.each(cases)('%s', (_name, svg, message) => {
    expect(refusal(svg).message).toMatch(message);
  });
});

describe('the rules', () => {
  const refused = (body: string, message: RegExp, attrs = '') => expect(refusal(`<svg ${S}${attrs}>${body}</svg>`).message).toMatch(message);

  it('names the line of what it refuses', () => {
    expect(refusal(`<svg ${S}>\n<rect/>\n<rect onclick="alert(1)"/>\n</svg>`).message).toBe(
      'SVG refused: the attribute onclick of <rect> is an event handler (line 3)',
    );
  });

  it('refuses other encodings than UTF-8', () => {
    expect(refusal(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(`<svg ${S}/>`, 'utf16le')])).message).toMatch(/UTF-16/);
    expect(refusal(Buffer.from([0x3c, 0x73, 0x76, 0x67, 0xc0, 0xbc, 0x3e])).message).toMatch(/not valid UTF-8/);
    expect(refusal(`<?xml version="1.0" encoding="latin1"?><svg ${S}/>`).message).toMatch(/only UTF-8/);
    expect(() => checkSvg(Buffer.from(`\uFEFF<?xml version="1.0" encoding="utf-8"?><svg ${S}/>`))).not.toThrow();
  });

  it('refuses DOCTYPEs, entities, processing instructions and malformed XML', () => {
    expect(refusal(`<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd"><svg ${S}/>`).message).toMatch(/a DOCTYPE/);
    expect(refusal(`<svg ${S}><text>&nbsp;</text></svg>`).message).toMatch(/not well-formed XML/);
    expect(refusal(`<?xml-stylesheet href="x.css"?><svg ${S}/>`).message).toMatch(/processing instruction <\?xml-stylesheet\?>/);
    expect(refusal(`<svg ${S}></svg><html/>`).message).toMatch(/not well-formed XML/);
    expect(refusal(`<svg ${S}><rect></svg>`).message).toMatch(/not well-formed XML/);
  });

  it('wants an <svg> root in the SVG namespace, and only SVG elements', () => {
    expect(refusal('<svg/>').message).toMatch(/root element is <svg>, not an SVG <svg>/);
    expect(refusal(`<g ${S}/>`).message).toMatch(/root element is <g>/);
    refused('<foreignObject/>', /<foreignObject> is not allowed/);
    refused('<image href="#a"/>', /<image> is not allowed/);
    refused('<a href="#a"/>', /<a> is not allowed/);
    refused(`<metadata><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></metadata>`, /the element <rdf:RDF> is not in the SVG namespace/);
    refused(`<g xmlns="http://example.test/ns"/>`, /the element <g> is not in the SVG namespace/);
    refused(`<g xmlns:x="http://example.test/ns"/>`, /xmlns:x of <g> binds the namespace "http:\/\/example.test\/ns"/);
  });

  it('allows only no-namespace, xlink: and xml:space/xml:lang attributes from the allowlist', () => {
    refused('<rect/>', /xml:base of <svg> is not allowed/, ' xml:base="https://evil.test/"');
    refused('<rect xlink:show="new"/>', /xlink:show of <rect> is not allowed/, ' xmlns:xlink="http://www.w3.org/1999/xlink"');
    refused('<rect data-x="1"/>', /data-x of <rect> is not allowed/);
    refused('<rect OnClick="x"/>', /is an event handler/);
    expect(() => checkSvg(Buffer.from(`<svg ${S} xml:space="preserve" xml:lang="de"><text aria-label="x">a</text></svg>`))).not.toThrow();
  });

  it('allows only same-document #id references', () => {
    refused('<use href="https://evil.test/x.svg#a"/>', /not a same-document #id reference/);
    refused('<use href="data:image/svg+xml,x"/>', /not a same-document #id reference/);
    refused('<use href=""/>', /not a same-document #id reference/);
    refused('<rect fill="url(https://evil.test/x#a)"/>', /not a same-document url\(#id\)/);
    refused('<rect fill="url(#a) url(x.svg#a)"/>', /not a same-document url\(#id\)/);
    refused('<rect fill="URL(data:x)"/>', /not a same-document url\(#id\)/);
    refused('<rect fill="\\75 rl(x)"/>', /backslash/);
    refused('<rect aria-label="javascript:alert(1)"/>', /script URL/);
    expect(() => checkSvg(Buffer.from(`<svg ${S}><rect fill="url(#a)" stroke="url( '#b' )" filter='url("#c")'/></svg>`))).not.toThrow();
  });

  it('holds CSS to an allowlist: no url(), escapes, markup or loading at-rules', () => {
    refused('<style>rect{fill:url(#g)}</style>', /<style> contains url\(\)/);
    refused('<rect style="fill:url(#g)"/>', /style of <rect> contains url\(\)/);
    refused('<style>@namespace x "http://x";</style>', /at-rule @namespace/);
    refused('<style>@font-face{font-family:x}</style>', /at-rule @font-face/);
    refused('<style>@charset "utf-8";</style>', /at-rule @charset/);
    refused('<style>a{b:c}<![CDATA[</style><img>]]></style>', /CDATA section contains "<"/);
    refused('<style>a{b:c}&lt;/style&gt;</style>', /text contains "<"/);
    refused('<style><g/></style>', /<style> contains the element <g>/);
    refused('<style>svg{background:element(#a)}</style>', /CSS function element\(\)/);
    refused('<style>svg{-moz-binding:x}</style>', /loading or scripting CSS/);
    refused('<style type="text/xsl">a{}</style>', /only text\/css/);
  });

  it('lets animations change only presentation and geometry attributes', () => {
    refused('<rect><animate attributeName="xlink:href" to="#a"/></rect>', /animates "xlink:href"/);
    refused('<rect><animate attributeName="class" to="x"/></rect>', /animates "class"/);
    refused('<rect><animate attributeName="style" to="x"/></rect>', /animates "style"/);
    refused('<rect><animate attributeName="fill" values="red;url(//evil.test/p#p)"/></rect>', /not a same-document url\(#id\)/);
    expect(() => checkSvg(Buffer.from(`<svg ${S}><rect><animate attributeName="fill" values="red;url(#p)" dur="1s"/></rect></svg>`))).not.toThrow();
  });

  it('refuses markup that an HTML parser would read differently', () => {
    refused('<!--><img src=x onerror=alert(1)>-->', /comment contains/);
    refused('<text>&lt;img src=x&gt;</text>', /text contains "<"/);
    refused('<text><![CDATA[<img>]]></text>', /CDATA section contains "<"/);
    refused('<style>g{}</style><g aria-label="&lt;/style&gt;&lt;img src=x onerror=alert(1)&gt;"/>', /aria-label of <g> contains "<"/);
  });

  it('caps nesting depth and element count, which bound the parse time', () => {
    const nested = (depth: number) => `<svg ${S}>${'<g>'.repeat(depth - 1)}${'</g>'.repeat(depth - 1)}</svg>`;
    expect(() => checkSvg(Buffer.from(nested(MAX_SVG_DEPTH)))).not.toThrow();
    expect(refusal(nested(MAX_SVG_DEPTH + 1)).message).toMatch(`nested more than ${MAX_SVG_DEPTH} deep`);
    const many = (count: number) => `<svg ${S}>${'<g/>'.repeat(count - 1)}</svg>`;
    expect(() => checkSvg(Buffer.from(many(MAX_SVG_ELEMENTS)))).not.toThrow();
    expect(refusal(many(MAX_SVG_ELEMENTS + 1)).message).toMatch(`more than ${MAX_SVG_ELEMENTS} elements`);
  });

  it('classifies SVGs for sniffing, prefixed or with a BOM', () => {
    expect(sniffImageType(Buffer.from(`<svg:svg xmlns:svg="http://www.w3.org/2000/svg"/>`))).toBe('svg');
    expect(sniffImageType(Buffer.from(`\uFEFF<?xml version="1.0"?>\n<!-- c -->\n<!DOCTYPE svg>\n<svg ${S}/>`))).toBe('svg');
    expect(sniffImageType(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(`<svg ${S}/>`, 'utf16le')]))).toBe('svg');
    expect(sniffImageType(Buffer.from('<html><svg></svg></html>'))).toBeUndefined();
    expect(sniffImageType(Buffer.from(`${'<!-- x -->'.repeat(2000)}<html/>`))).toBeUndefined();
  });
});
