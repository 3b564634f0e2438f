/**
 * The self-hosted typefaces a site may choose (the `typeface` and
 * `headingTypeface` site settings): the one allowlist that the settings
 * schema, Astro's font configuration (astro.config.mjs) and the layout read.
 *
 * Each is a variable Fontsource package, of which only the Latin subset's
 * woff2 files are declared, so the build ships nothing else. Astro's fonts
 * API serves them from /_astro/fonts/, writes the `@font-face` rules with
 * `font-display: swap`, and adds a fallback face with `size-adjust` and the
 * ascent/descent/line-gap overrides computed from the file, so the swap does
 * not move the text. That face is Arial or Times New Roman; the layout
 * (src/layouts/FontFaces.astro) also names their metric twins, for systems
 * without them (src/lib/font-fallbacks.ts).
 */

/** The Latin subset's code points, as Fontsource declares them. */
const LATIN =
  'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD';

interface Typeface {
  /** The family name in CSS. */
  family: string;
  /** What the editor's choice reads. */
  label: string;
  cssVariable: `--font-${string}`;
  /** The generic family the metric-matched fallback is made from. */
  generic: 'sans-serif' | 'serif';
  /** Package path of each style's Latin woff2 (the weight axis only). */
  files: { normal: string; italic: string };
}

export const TYPEFACES = {
  inter: {
    family: 'Inter',
    label: 'Inter (sans-serif, for text)',
    cssVariable: '--font-inter',
    generic: 'sans-serif',
    files: { normal: '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2', italic: '@fontsource-variable/inter/files/inter-latin-wght-italic.woff2' },
  },
  'source-serif-4': {
    family: 'Source Serif 4',
    label: 'Source Serif 4 (serif, for text)',
    cssVariable: '--font-source-serif-4',
    generic: 'serif',
    files: {
      normal: '@fontsource-variable/source-serif-4/files/source-serif-4-latin-wght-normal.woff2',
      italic: '@fontsource-variable/source-serif-4/files/source-serif-4-latin-wght-italic.woff2',
    },
  },
  fraunces: {
    family: 'Fraunces',
    label: 'Fraunces (serif, for headings)',
    cssVariable: '--font-fraunces',
    generic: 'serif',
    files: { normal: '@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2', italic: '@fontsource-variable/fraunces/files/fraunces-latin-wght-italic.woff2' },
  },
} as const satisfies Record<string, Typeface>;

export type TypefaceId = keyof typeof TYPEFACES;
export const TYPEFACE_IDS = Object.keys(TYPEFACES) as [TypefaceId, ...TypefaceId[]];

/** Astro's `fonts` configuration: every allowed family, from the local files (the layout links only the chosen ones). */
export function fontFamilies<Provider>(local: () => Provider) {
  return TYPEFACE_IDS.map((id) => {
    const typeface: Typeface = TYPEFACES[id];
    return {
      provider: local(),
      name: typeface.family,
      cssVariable: typeface.cssVariable,
      fallbacks: [typeface.generic],
      display: 'swap' as const,
      options: {
        variants: [
          { src: [typeface.files.normal] as [string], style: 'normal' as const, unicodeRange: [LATIN] as [string] },
          { src: [typeface.files.italic] as [string], style: 'italic' as const, unicodeRange: [LATIN] as [string] },
        ] as [{ src: [string]; style: 'normal'; unicodeRange: [string] }, { src: [string]; style: 'italic'; unicodeRange: [string] }],
      },
    };
  });
}
