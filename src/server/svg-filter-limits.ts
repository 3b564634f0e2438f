/**
 * The limits on an uploaded SVG's filters (svg-draw-cost.ts applies them as it
 * reads each element): primitives per filter, the filter work of the whole
 * drawing, the costly parameters of primitives, and a filter region's size.
 * Each is held to what real files stay far below. Returns why an SVG is refused, or undefined.
 */
import type { SaxesTagNS } from 'saxes';

const NUMBER = /[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?/g;

/** The numbers in an attribute's value, in order. */
export const numbers = (value: string | undefined) => (value ?? '').match(NUMBER)?.map(Number) ?? [];

/** Primitives in one `<filter>`: Inkscape's most elaborate presets use about 20. */
export const MAX_FILTER_PRIMITIVES = 32;
/**
 * Filter work in the expanded drawing: each filtered element adds its filter's
 * primitives, the costly ones (HEAVY_PRIMITIVES) counting HEAVY_WEIGHT. A
 * costly primitive at its cap over a 1000 × 1000 pixel region takes about
 * 0.1–0.25 s in Chromium, a blur or offset about 0.01 s.
 */
export const MAX_SVG_FILTER_WORK = 1_000;
export const HEAVY_WEIGHT = 20;
export const HEAVY_PRIMITIVES: ReadonlySet<string> = new Set(['feConvolveMatrix', 'feTurbulence', 'feDiffuseLighting', 'feSpecularLighting']);

/**
 * Caps on primitives' parameters, in the file's units. numOctaves: an octave
 * past the 10th changes a pixel by less than 1/1000. order: cost grows with it
 * per pixel (a 5 × 5 convolution over 4000 × 4000 pixels took 7.5 s), and it
 * counts kernel cells, which no transform scales; real files use 3 × 3.
 * (feMorphology is not allowed at all: its radius is in user units, so a
 * scale() makes any radius huge, 26.5 s for one capped at 20.) stdDeviation: a blur costs the same at any size in browsers,
 * so the cap only keeps numbers sane.
 */
export const PRIMITIVE_CAPS: Readonly<Record<string, { attribute: string; max: number; why: string }>> = {
  feTurbulence: { attribute: 'numOctaves', max: 10, why: 'more octaves add nothing visible' },
  feConvolveMatrix: { attribute: 'order', max: 5, why: 'its cost grows with the kernel size' },
  feGaussianBlur: { attribute: 'stdDeviation', max: 1_000, why: 'no picture needs a larger blur' },
  feDropShadow: { attribute: 'stdDeviation', max: 1_000, why: 'no picture needs a larger blur' },
};
/** A filter region in bounding-box units may be at most this many times the element (Inkscape uses up to about 3). */
export const MAX_FILTER_REGION_SCALE = 10;

/** Why a filter primitive's parameters, or a filter's region, are refused. */
export function checkFilterParameters(tag: SaxesTagNS): string | undefined {
  const attribute = (name: string) => (tag.attributes[name]?.uri === '' ? tag.attributes[name]!.value : undefined);
  const cap = PRIMITIVE_CAPS[tag.local];
  if (cap) {
    const over = numbers(attribute(cap.attribute)).find((n) => !(Math.abs(n) <= cap.max));
    if (over !== undefined) return `<${tag.name}> has ${cap.attribute}="${over}" (at most ${cap.max}: ${cap.why})`;
  }
  if (tag.local === 'filter' && attribute('filterUnits')?.trim() !== 'userSpaceOnUse') {
    for (const name of ['x', 'y', 'width', 'height']) {
      const value = attribute(name)?.trim();
      if (value === undefined) continue;
      const scale = value.endsWith('%') ? Number.parseFloat(value) / 100 : Number.parseFloat(value);
      if (!(Math.abs(scale) <= MAX_FILTER_REGION_SCALE)) {
        return `<${tag.name}> has ${name}="${value.slice(0, 20)}" (a filter region may be at most ${MAX_FILTER_REGION_SCALE} times its element)`;
      }
    }
  }
  return undefined;
}
