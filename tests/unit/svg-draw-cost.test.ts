import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkImageContent } from '../../src/server/images';
import { checkSvg } from '../../src/server/svg';
import { MAX_SVG_DRAWN_ELEMENTS } from '../../src/server/svg-draw-cost';
import { HEAVY_WEIGHT, MAX_FILTER_PRIMITIVES, MAX_FILTER_REGION_SCALE, MAX_SVG_FILTER_WORK } from '../../src/server/svg-filter-limits';
import { SVG_CORPUS_DIR, svgRefusal } from '../helpers/svg-corpus';

const S = 'xmlns="http://www.w3.org/2000/svg"';
const XL = 'xmlns:xlink="http://www.w3.org/1999/xlink"';
const svg = (body: string) => `<svg ${S} ${XL} viewBox="0 0 100 100">${body}</svg>`;

/** The message checkSvg refuses this SVG with (fails the test if it accepts it). */
const refusal = (text: string | Buffer) => svgRefusal(text).message;
const accepted = (text: string) => expect(() => checkSvg(Buffer.from(text))).not.toThrow();

/** Levels of groups, each holding `fan` references to the level below; level 0 is one path. */
function fanOut(levels: number, fan: number, reference = (id: string) => `<use href="#${id}"/>`): string {
  let defs = '<path id="l0" d="M0 0h1v1z"/>';
  for (let level = 1; level <= levels; level++) defs += `<g id="l${level}">${reference(`l${level - 1}`).repeat(fan)}</g>`;
  return svg(`<defs>${defs}</defs><use href="#l${levels}"/>`);
}
const DRAWN = /drawing it takes [\d,]+ elements once every <use> and other reference is expanded/;

describe('the attack files of the review', () => {
  const read = (name: string) => readFileSync(join(SVG_CORPUS_DIR, 'hostile', name));

  it('refuses the <use> bomb (10⁸ shapes from 1.6 KB), naming the expanded count', async () => {
    expect(refusal(read('draw-cost-use-bomb.svg'))).toMatch(DRAWN);
    await expect(checkImageContent(read('draw-cost-use-bomb.svg'), 'svg', 'image/svg+xml')).rejects.toMatchObject({ status: 400 });
  });

  it('refuses the filter bomb for its turbulence octaves', () => {
    expect(refusal(read('draw-cost-filter-bomb.svg'))).toMatch('<feTurbulence> has numOctaves="1000" (at most 10');
  });

  it('refuses a <use> bomb hidden behind a cycle (#C holds a <use> of its parent #N), naming the cycle', () => {
    expect(refusal(read('draw-cost-cycle-hides-bomb.svg'))).toMatch('#C refers to itself (a reference cycle)');
  });
});

describe('the drawn element count', () => {
  it('expands <use> through xlink:href as through href', () => {
    expect(refusal(fanOut(6, 10, (id) => `<use xlink:href="#${id}"/>`))).toMatch(DRAWN);
  });

  it('counts a group fan-out reached through uses', () => {
    // Level 1 is a group of 1000 plain shapes; 300 uses of it draw 300,000.
    const shapes = '<rect width="1" height="1"/>'.repeat(1000);
    expect(refusal(svg(`<defs><g id="g">${shapes}</g></defs>${'<use href="#g"/>'.repeat(300)}`))).toMatch(DRAWN);
    accepted(svg(`<defs><g id="g">${shapes}</g></defs>${'<use href="#g"/>'.repeat(100)}`));
  });

  it('counts a pattern each time an element is filled with it', () => {
    const pattern = `<pattern id="p" width="1" height="1" patternUnits="userSpaceOnUse"><use href="#l4"/></pattern>`;
    const uses = fanOut(4, 10).replace('</defs>', `${pattern}</defs>`);
    expect(refusal(uses.replace('<use href="#l4"/></svg>', `${'<rect width="9" height="9" fill="url(#p)"/>'.repeat(20)}</svg>`))).toMatch(DRAWN);
  });

  it('counts masks, clip paths, filters and pattern href inheritance too', () => {
    const heavy = '<g id="h">' + '<rect width="1" height="1"/>'.repeat(5_000) + '</g>';
    for (const [defs, attribute] of [
      [`<mask id="m"><use href="#h"/></mask>`, 'mask="url(#m)"'],
      [`<clipPath id="c"><use href="#h"/></clipPath>`, `clip-path="url('#c')"`],
      [`<pattern id="p" width="1" height="1"><use href="#h"/></pattern><pattern id="q" href="#p"/>`, 'fill="url(#q)"'],
    ]) {
      expect(refusal(svg(`<defs>${heavy}${defs}</defs>${`<rect width="5" height="5" ${attribute}/>`.repeat(50)}`))).toMatch(DRAWN);
    }
  });

  it('counts a marker once per vertex where marker-mid draws it', () => {
    const marker = `<marker id="m"><g>${'<circle r="1"/>'.repeat(1_000)}</g></marker>`;
    const points = Array.from({ length: 300 }, (_, i) => `${i},${i % 7}`).join(' ');
    expect(refusal(svg(`<defs>${marker}</defs><polyline points="${points}" marker-mid="url(#m)"/>`))).toMatch(DRAWN);
    accepted(svg(`<defs>${marker}</defs><polyline points="${points}" marker-end="url(#m)"/>`));
  });

  it('counts an inherited marker at each vertex of each path below it (the review file: marker-mid on a <g>)', () => {
    const read = (name: string) => readFileSync(join(SVG_CORPUS_DIR, 'hostile', name));
    expect(refusal(read('draw-cost-inherited-marker.svg'))).toMatch(DRAWN);
    const marker = `<marker id="m"><g>${'<circle r="1"/>'.repeat(1_000)}</g></marker>`;
    const points = Array.from({ length: 300 }, (_, i) => `${i},${i % 7}`).join(' ');
    const inherited = (attribute: string) => svg(`<defs>${marker}</defs><g ${attribute}><polyline points="${points}"/></g>`);
    expect(refusal(inherited('marker-mid="url(#m)"'))).toMatch(DRAWN);
    expect(refusal(inherited('marker="url(#m)"'))).toMatch(DRAWN);
    accepted(inherited('marker-end="url(#m)"'));
    // Through <use>: the used paths inherit the marker from the <use>.
    const used = svg(`<defs>${marker}<g id="p"><polyline points="${points}"/></g></defs><use href="#p" marker-mid="url(#m)"/>`);
    expect(refusal(used)).toMatch(DRAWN);
  });

  it('counts an inherited pattern fill or stroke at each shape below it (the review file: fill on a <g> of 3,000 rects)', () => {
    const read = (name: string) => readFileSync(join(SVG_CORPUS_DIR, 'hostile', name));
    expect(refusal(read('draw-cost-inherited-fill.svg'))).toMatch(DRAWN);
    const pattern = `<pattern id="p" width="1" height="1">${'<rect width="1" height="1"/>'.repeat(1_000)}</pattern>`;
    const rects = '<rect width="9" height="9"/>'.repeat(300);
    expect(refusal(svg(`<defs>${pattern}</defs><g fill="url(#p)">${rects}</g>`))).toMatch(DRAWN);
    expect(refusal(svg(`<defs>${pattern}</defs><g><g stroke="url(#p)"><text>${'<tspan>a</tspan>'.repeat(300)}</text></g></g>`))).toMatch(DRAWN);
    expect(refusal(svg(`<defs>${pattern}<g id="r">${rects}</g></defs><use href="#r" fill="url(#p)"/>`))).toMatch(DRAWN);
    accepted(svg(`<defs>${pattern}</defs><g fill="url(#p)">${'<rect width="9" height="9"/>'.repeat(100)}</g>`));
  });

  it('refuses reference cycles, through use, a group and a pattern', () => {
    expect(refusal(svg('<g id="a"><use href="#a"/></g>'))).toMatch('#a from inside itself (a reference cycle)');
    expect(refusal(svg('<use id="a" href="#b"/><use id="b" href="#a"/>'))).toMatch('(a reference cycle)');
    expect(refusal(svg('<pattern id="p" width="1" height="1"><rect width="1" height="1" fill="url(#p)"/></pattern>'))).toMatch('#p from inside itself');
  });

  it('accepts up to the limit: a file may draw what it could hold written out', () => {
    // 1 root + 1 defs + a group of 999 rects (1000) + N uses each drawing 1 + 1000.
    const uses = Math.floor((MAX_SVG_DRAWN_ELEMENTS - 1002) / 1001);
    const body = (n: number) => `<defs><g id="g">${'<rect width="1" height="1"/>'.repeat(999)}</g></defs>${'<use href="#g"/>'.repeat(n)}`;
    accepted(svg(body(uses)));
    expect(refusal(svg(body(uses + 1)))).toMatch(DRAWN);
  });

  it('ignores references to ids that do not exist, and uses the first element of a repeated id', () => {
    accepted(svg('<use href="#missing"/><rect fill="url(#nothing)"/>'));
    accepted(svg(`<g id="x"/><g id="x">${'<rect/>'.repeat(10_000)}</g>${'<use href="#x"/>'.repeat(1_000)}`));
  });
});

describe('animations', () => {
  const read = (name: string) => readFileSync(join(SVG_CORPUS_DIR, 'hostile', name));
  const REASON = 'what it would draw is not counted';

  it('refuses the review files: <set> of marker-mid, and of d (5,000 vertices under a marker)', () => {
    expect(refusal(read('draw-cost-set-marker.svg'))).toMatch(`<set> animates "marker-mid" (an animation may not change a shape's outline, markers`);
    expect(refusal(read('draw-cost-animated-d.svg'))).toMatch(`<set> animates "d" (`);
  });

  it('refuses animating outlines, markers, filters, masks, clip paths and capped filter parameters', () => {
    for (const name of ['points', 'marker', 'marker-start', 'marker-end', 'filter', 'mask', 'clip-path', 'numOctaves', 'radius', 'stdDeviation', 'order']) {
      expect(refusal(svg(`<polyline points="0,0 1,1"><animate attributeName="${name}" from="1" to="2" dur="1s"/></polyline>`))).toMatch(REASON);
    }
    expect(refusal(svg('<filter id="f"><feFlood/><set attributeName="width" to="1000"/></filter>'))).toMatch('animates "width"');
    expect(refusal(svg('<filter id="f"><feFlood/></filter><set href="#f" attributeName="height" to="1000"/>'))).toMatch('animates "height"');
    accepted(svg('<rect width="1" height="1"><animate attributeName="width" from="1" to="2" dur="1s"/></rect>'));
  });

  it('counts a fill or stroke animated to a url(#id) at each shape the animated element reaches', () => {
    const pattern = `<pattern id="p" width="1" height="1">${'<rect width="1" height="1"/>'.repeat(1_000)}</pattern>`;
    const rects = '<rect width="9" height="9"/>'.repeat(300);
    expect(refusal(svg(`<defs>${pattern}</defs><g><set attributeName="fill" to="url(#p)"/>${rects}</g>`))).toMatch(DRAWN);
    expect(refusal(svg(`<defs>${pattern}</defs><g id="g">${rects}</g><animate href="#g" attributeName="stroke" values="red;url(#p)" dur="1s"/>`))).toMatch(DRAWN);
    accepted(svg(`<defs>${pattern}</defs><g><set attributeName="fill" to="url(#p)"/>${'<rect width="9" height="9"/>'.repeat(100)}</g>`));
    accepted(svg('<rect width="1" height="1"><animate attributeName="fill" values="red;blue" dur="1s"/></rect>'));
  });
});

describe('filter primitives', () => {
  const filtered = (primitives: string, filter = '', uses = 0) =>
    svg(`<filter id="f"${filter}>${primitives}</filter><rect id="r" width="9" height="9" filter="url(#f)"/>${'<use href="#r"/>'.repeat(uses)}`);

  it('caps the costly parameters, naming the parameter and the limit', () => {
    expect(refusal(filtered('<feTurbulence baseFrequency="0.9" numOctaves="11"/>'))).toMatch('numOctaves="11" (at most 10');
    accepted(filtered('<feTurbulence baseFrequency="0.9" numOctaves="10"/>'));
    // Not allowed at all (a review): its radius is in user units, which a scale() multiplies past any cap.
    expect(refusal(filtered('<feMorphology radius="1"/>'))).toMatch('<feMorphology>');
    expect(refusal(filtered('<feConvolveMatrix order="6" kernelMatrix="1"/>'))).toMatch('order="6" (at most 5');
    accepted(filtered('<feConvolveMatrix order="3" kernelMatrix="0 -1 0 -1 5 -1 0 -1 0"/>'));
    expect(refusal(filtered('<feGaussianBlur stdDeviation="1e9"/>'))).toMatch('stdDeviation="1000000000" (at most 1000');
    expect(refusal(filtered('<feDropShadow stdDeviation="2 5000"/>'))).toMatch('stdDeviation="5000"');
  });

  it('caps the primitives of one filter', () => {
    const blurs = (n: number) => '<feGaussianBlur stdDeviation="1"/>'.repeat(n);
    accepted(filtered(blurs(MAX_FILTER_PRIMITIVES)));
    expect(refusal(filtered(blurs(MAX_FILTER_PRIMITIVES + 1)))).toMatch(`a <filter> has more than ${MAX_FILTER_PRIMITIVES} primitives`);
  });

  it('caps a filter region in bounding-box units', () => {
    accepted(filtered('<feGaussianBlur stdDeviation="1"/>', ' x="-50%" y="-1" width="300%" height="3"'));
    expect(refusal(filtered('<feGaussianBlur/>', ` width="${MAX_FILTER_REGION_SCALE + 1}"`))).toMatch('a filter region may be at most');
    expect(refusal(filtered('<feGaussianBlur/>', ' height="100000%"'))).toMatch('height="100000%"');
    accepted(filtered('<feGaussianBlur/>', ' filterUnits="userSpaceOnUse" x="0" y="0" width="4000" height="4000"'));
  });

  it('caps the filter work of the expanded drawing, costly primitives weighing more', () => {
    const light = (uses: number) => filtered('<feGaussianBlur stdDeviation="2"/>', '', uses);
    accepted(light(MAX_SVG_FILTER_WORK - 10));
    expect(refusal(light(MAX_SVG_FILTER_WORK))).toMatch('it applies too many filter effects');
    const heavy = (uses: number) => filtered('<feConvolveMatrix order="3" kernelMatrix="0 -1 0 -1 5 -1 0 -1 0"/>', '', uses);
    expect(refusal(heavy(MAX_SVG_FILTER_WORK / HEAVY_WEIGHT))).toMatch('costly effects count');
  });
});
