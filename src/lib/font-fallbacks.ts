/**
 * Astro's fonts API makes each family's fallback face from one local font,
 * Arial for a sans-serif and Times New Roman for a serif, with `size-adjust`
 * and ascent, descent and line-gap overrides computed against that font, so
 * that text set in the fallback takes the room the web font will take. Linux
 * and ChromeOS have neither font, so the face found nothing there and the
 * browser fell back to its plain default: when a web font arrived late, the
 * headings rewrapped and the page moved (measured in Chromium: a layout shift
 * of up to 0.03 per page with the fonts held back 1.5 s).
 *
 * Those systems do have fonts made to the same metrics, glyph for glyph:
 * Liberation Sans and Arimo for Arial, Liberation Serif and Tinos for Times
 * New Roman. The same overrides hold for them, so each such face lists them
 * after the font it was made for.
 */
import { parse, walk, type Declaration } from 'css-tree';

/** Each local font Astro makes fallbacks from, and the fonts drawn to its metrics. */
export const METRIC_TWINS: Readonly<Record<string, readonly string[]>> = {
  Arial: ['Liberation Sans', 'Arimo'],
  'Times New Roman': ['Liberation Serif', 'Tinos'],
};

/** The font a `src` names, when it is exactly one `local("…")`. */
function onlyLocalFont(src: Declaration): string | undefined {
  if (src.value.type !== 'Value' || src.value.children.size !== 1) return undefined;
  const only = src.value.children.first;
  if (only?.type !== 'Function' || only.name.toLowerCase() !== 'local' || only.children.size !== 1) return undefined;
  const name = only.children.first;
  return name?.type === 'String' ? name.value : undefined;
}

/**
 * `css` with every `@font-face` whose source is one local font of METRIC_TWINS given its twins
 * too. Only those sources are rewritten; every other byte of `css` stays as it was.
 */
export function withMetricTwins(css: string): string {
  const edits: { from: number; to: number; text: string }[] = [];
  walk(parse(css, { positions: true }), {
    visit: 'Atrule',
    enter(rule) {
      if (rule.name.toLowerCase() !== 'font-face' || !rule.block) return;
      for (const item of rule.block.children) {
        if (item.type !== 'Declaration' || item.property.toLowerCase() !== 'src' || !item.value.loc) continue;
        const font = onlyLocalFont(item);
        const twins = font === undefined ? undefined : METRIC_TWINS[font];
        if (!twins) continue;
        edits.push({ from: item.value.loc.start.offset, to: item.value.loc.end.offset, text: [font!, ...twins].map((name) => `local(${JSON.stringify(name)})`).join(',') });
      }
    },
  });
  // From the last, so the earlier offsets still hold.
  return edits.reduceRight((text, { from, to, text: sources }) => text.slice(0, from) + sources + text.slice(to), css);
}

/** withMetricTwins of each family's rules, made once: every page of a build or publication writes the same. */
const widened = new Map<string, string>();

export function fontFacesWithTwins(css: string): string {
  let text = widened.get(css);
  if (text === undefined) widened.set(css, (text = withMetricTwins(css)));
  return text;
}
