/** The fallback faces' local fonts, widened to their metric twins (src/lib/font-fallbacks.ts). */
import { describe, expect, it } from 'vitest';
import { parse, walk } from 'css-tree';
import { withMetricTwins } from '../../src/lib/font-fallbacks';

/** Each @font-face's family and src, as written. */
function faces(css: string) {
  const found: { family: string; src: string }[] = [];
  const text = (value: string) => value.replace(/\s+/g, ' ').trim();
  walk(parse(css, { parseValue: false }), {
    visit: 'Atrule',
    enter(rule) {
      if (rule.name !== 'font-face' || !rule.block) return;
      const value = (property: string) => rule.block!.children.toArray().find((item) => item.type === 'Declaration' && item.property === property);
      const raw = (property: string) => {
        const declaration = value(property);
        return declaration?.type === 'Declaration' && declaration.value.type === 'Raw' ? text(declaration.value.value) : '';
      };
      found.push({ family: raw('font-family'), src: raw('src') });
    },
  });
  return found;
}

// As Astro's fonts API writes them (abridged): the web font, then its fallback face.
const astroCss = `@font-face{font-family:Inter-aa3c;src:url("/_astro/fonts/a.woff2") format("woff2");font-display:swap;font-weight:100 900;font-style:normal;unicode-range:U+0000-00FF;}
@font-face{font-family:"Inter-aa3c fallback: Arial";src:local("Arial");font-display:swap;font-weight:100 900;font-style:normal;size-adjust:107.1194%;ascent-override:90.4365%;descent-override:22.518%;line-gap-override:0%;}
@font-face{font-family:"Fraunces-fc76 fallback: Times New Roman";src:local("Times New Roman");font-display:swap;size-adjust:127.0154%;}
:root{--font-inter:Inter-aa3c,"Inter-aa3c fallback: Arial",sans-serif;}`;

describe('withMetricTwins', () => {
  it('lists the fonts drawn to Arial’s and Times New Roman’s metrics after them, and changes nothing else', () => {
    const widened = withMetricTwins(astroCss);
    expect(faces(widened)).toEqual([
      { family: 'Inter-aa3c', src: 'url("/_astro/fonts/a.woff2") format("woff2")' },
      { family: '"Inter-aa3c fallback: Arial"', src: 'local("Arial"),local("Liberation Sans"),local("Arimo")' },
      { family: '"Fraunces-fc76 fallback: Times New Roman"', src: 'local("Times New Roman"),local("Liberation Serif"),local("Tinos")' },
    ]);
    // Every other byte is as it was: the overrides, the web font's own face, the custom property.
    expect(widened).toBe(astroCss.replace('src:local("Arial")', 'src:local("Arial"),local("Liberation Sans"),local("Arimo")').replace('src:local("Times New Roman")', 'src:local("Times New Roman"),local("Liberation Serif"),local("Tinos")'));
  });

  it('leaves a face alone unless its one source is a local font it knows', () => {
    const others = '@font-face{font-family:a;src:local("Courier New")}@font-face{font-family:b;src:local("Arial"),local("Helvetica")}@font-face{font-family:c;src:url(x.woff2)}';
    expect(withMetricTwins(others)).toBe(others);
  });
});
