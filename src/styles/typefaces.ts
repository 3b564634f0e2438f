/**
 * The self-hosted typefaces a site may choose (the `typeface` and
 * `headingTypeface` site settings): the one allowlist that the settings
 * schema, Astro's font configuration (astro.config.mjs) and the layout read.
 *
 * Each is a variable Fontsource package (the weight axis), of which the
 * subsets below are declared, each with its unicode-range: a browser fetches a
 * subset's file only when a page has a character in its range, so Latin pages
 * load what they did, while Polish, Turkish or Vietnamese text (latin-ext,
 * vietnamese) and Cyrillic or Greek text keep the face instead of falling back
 * mid-word to a system font. Only the Latin upright is preloaded. Astro's fonts
 * API serves them from /_astro/fonts/, writes the `@font-face` rules with
 * `font-display: swap`, and adds a fallback face with `size-adjust` and the
 * ascent/descent/line-gap overrides computed from the file, so the swap does
 * not move the text. That face is Arial or Times New Roman; the layout
 * (src/layouts/FontFaces.astro) also names their metric twins, for systems
 * without them (src/lib/font-fallbacks.ts).
 */

interface Typeface {
  /** The family name in CSS. */
  family: string;
  /** What the editor's choice reads. */
  label: string;
  cssVariable: `--font-${string}`;
  /** The generic family the metric-matched fallback is made from. */
  generic: 'sans-serif' | 'serif';
  /** The Fontsource package, whose `files/<name>-<subset>-wght-<style>.woff2` are its faces. */
  package: `@fontsource-variable/${string}`;
  /** The subsets declared, Latin first (the one preloaded): those the package has, of the scripts a European or Vietnamese site writes. */
  subsets: readonly ['latin', ...string[]];
}

export const TYPEFACES = {
  inter: {
    family: 'Inter',
    label: 'Inter (sans-serif, for text)',
    cssVariable: '--font-inter',
    generic: 'sans-serif',
    package: '@fontsource-variable/inter',
    subsets: ['latin', 'latin-ext', 'vietnamese', 'cyrillic', 'cyrillic-ext', 'greek', 'greek-ext'],
  },
  'source-serif-4': {
    family: 'Source Serif 4',
    label: 'Source Serif 4 (serif, for text)',
    cssVariable: '--font-source-serif-4',
    generic: 'serif',
    package: '@fontsource-variable/source-serif-4',
    subsets: ['latin', 'latin-ext', 'vietnamese', 'cyrillic', 'cyrillic-ext', 'greek'],
  },
  fraunces: {
    family: 'Fraunces',
    label: 'Fraunces (serif, for headings)',
    cssVariable: '--font-fraunces',
    generic: 'serif',
    package: '@fontsource-variable/fraunces',
    subsets: ['latin', 'latin-ext', 'vietnamese'],
  },
} as const satisfies Record<string, Typeface>;

/** A face's file, as a package path: the weight axis of one subset in one style. */
export function typefaceFile(typeface: Pick<Typeface, 'package'>, subset: string, style: 'normal' | 'italic'): string {
  return `${typeface.package}/files/${typeface.package.split('/')[1]}-${subset}-wght-${style}.woff2`;
}

export type TypefaceId = keyof typeof TYPEFACES;
export const TYPEFACE_IDS = Object.keys(TYPEFACES) as [TypefaceId, ...TypefaceId[]];

/**
 * Astro's `fonts` configuration: every allowed family, from the local files (the layout links only
 * the chosen ones). `unicodeRange` gives a subset's range as its package declares it (astro.config.mjs
 * reads the package's unicode.json: this module is the editor's too, which reads no files).
 */
export function fontFamilies<Provider>(local: () => Provider, unicodeRange: (packageName: string, subset: string) => string) {
  return TYPEFACE_IDS.map((id) => {
    const typeface: Typeface = TYPEFACES[id];
    const variants = typeface.subsets.flatMap((subset) =>
      (['normal', 'italic'] as const).map((style) => ({ src: [typefaceFile(typeface, subset, style)] as [string], style, unicodeRange: [unicodeRange(typeface.package, subset)] as [string] })),
    );
    return {
      provider: local(),
      name: typeface.family,
      cssVariable: typeface.cssVariable,
      fallbacks: [typeface.generic],
      display: 'swap' as const,
      // Latin first, upright first: the layout preloads the first upright file only (FontFaces.astro).
      options: { variants: variants as [(typeof variants)[number], ...typeof variants] },
    };
  });
}
