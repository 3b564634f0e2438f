/**
 * The site settings, stored in `src/data/shared/site.json`: the site's name,
 * language, default social image, brand colour and typefaces, and the words
 * the site writes itself (site-labels.ts). This schema is
 * their one declaration: the content store validates a save with it, the
 * build and the editor's problem list report against it, the editor's form
 * is generated from it and docs/sections.md documents it.
 */
import { z } from 'astro/zod';
import { TYPEFACE_IDS, TYPEFACES } from '../../styles/typefaces';
import { ContentError, issuesOf, type Issue } from '../content-error';
import { describeRefusal, refusalAt, type ContentSnapshot } from '../snapshot';
import { emailAddress, field, hexColour, ImageSelectionSchema, MAX_LABEL_LENGTH, MAX_LINE_LENGTH, optionalText, requiredText } from './primitives';
import { unknownFields } from './unknown-fields';
import { pointerFromPath } from '../pointer';
import { contrastRatio, mixHex, type Hex } from './colour';
import { SiteLabelsSchema } from './site-labels';

/** Where the settings live, relative to src/data. */
export const SITE_SETTINGS_FILE = 'shared/site.json';

/** The backgrounds the brand colour is read on (theme.css): page, cards, subtle bands, and white text on brand buttons. */
export const BRAND_BACKGROUNDS: Readonly<Record<string, Hex>> = { white: '#ffffff', 'the page background': '#fbfbfd', 'subtle bands': '#f3f4f8' };
/** WCAG AA for normal text: brand-coloured links and white button labels are normal text. */
export const MIN_CONTRAST = 4.5;

/**
 * Whether a tag is a well-formed BCP 47 language tag, by the platform's own parser (Intl), whose
 * language is a two- or three-letter code. The syntax also allows five to eight letters there, so
 * "English" parsed, and went out as <html lang="English">; no language has such a code.
 */
function languageProblem(tag: string): string | undefined {
  const notATag = `“${tag}” is not a language tag: use a code such as en, en-GB, fr or pt-BR`;
  try {
    if (Intl.getCanonicalLocales(tag).length !== 1) return 'Use one language tag, such as en or fr-CA';
  } catch {
    return notATag;
  }
  const language = tag.split('-', 1)[0]!;
  return language.length <= 3 ? undefined : notATag;
}

/** The shades the theme derives from the brand colour: darker for hover and for text on the soft tint behind it. */
export function accentShades(brand: Hex): { hover: Hex; ink: Hex; soft: Hex } {
  return { hover: mixHex(brand, '#000000', 0.18), ink: mixHex(brand, '#000000', 0.25), soft: mixHex(brand, '#ffffff', 0.92) };
}

/** Why a colour would fail contrast where the theme uses it (or its ink shade on its soft tint), if it would. */
export function brandColourProblem(colour: Hex): string | undefined {
  const { ink, soft } = accentShades(colour);
  const pairs: [Hex, Hex, string][] = [
    ...Object.entries(BRAND_BACKGROUNDS).map(([name, background]): [Hex, Hex, string] => [colour, background, `${name} (${background})`]),
    [ink, soft, `its own pale tint (${soft}), where its darker shade ${ink} is the text`],
  ];
  for (const [foreground, background, name] of pairs) {
    const ratio = contrastRatio(foreground, background);
    if (ratio < MIN_CONTRAST) return `${colour} has ${ratio.toFixed(2)}:1 contrast with ${name}; it needs ${MIN_CONTRAST}:1. Choose a darker colour.`;
  }
  return undefined;
}

/** The longest language tag a site needs: RFC 5646 (4.4.1) asks every reader of tags to take 35 characters. */
const MAX_LANGUAGE_TAG_LENGTH = 35;

const typefaceLabels = Object.fromEntries(TYPEFACE_IDS.map((id) => [id, TYPEFACES[id].label]));
const TypefaceSchema = z.enum(TYPEFACE_IDS).meta({ optionLabels: typefaceLabels });


export const SiteSettingsSchema = z
  .object({
    name: field(requiredText(MAX_LABEL_LENGTH), 'Site name', 'The name of the site: browser tabs, search results, the feed and shared links show it.'),
    tagline: field(optionalText(MAX_LINE_LENGTH), 'Tagline', 'One sentence on what the site is; the feed and search engines describe the site with it.'),
    email: field(emailAddress('Use an e-mail address').optional(), 'E-mail', 'The contact address search engines show for the organisation.'),
    language: field(
      z.string().max(MAX_LANGUAGE_TAG_LENGTH).superRefine((tag, context) => {
        const message = languageProblem(tag);
        if (message) context.addIssue({ code: 'custom', message });
      }),
      'Language',
      'The language the site is written in, as a short code: en (English), en-GB (British English), fr (French), pt-BR (Brazilian Portuguese). Screen readers pronounce the pages by it, and browsers offer to translate by it.',
      { example: 'en' },
    ).default('en'),
    socialImage: field(ImageSelectionSchema.optional(), 'Default social image', 'Shown when a page is shared and has no social image of its own.'),
    brandColor: field(
      hexColour().superRefine((colour, context) => {
        const message = brandColourProblem(colour.toLowerCase() as Hex);
        if (message) context.addIssue({ code: 'custom', message });
      }),
      'Brand colour',
      `The accent of buttons, links and highlights: pick it with the swatch, or type a colour code such as #1e40af. It must be dark enough to read on white (${MIN_CONTRAST}:1 contrast).`,
      { kind: 'color' },
    ).default('#4f46e5'),
    typeface: field(TypefaceSchema, 'Text typeface', 'The typeface of body text, menus and buttons.').default('inter'),
    headingTypeface: field(TypefaceSchema, 'Heading typeface', 'The typeface of headings and quotes.').default('fraunces'),
    labels: SiteLabelsSchema.optional(),
  })
  .meta({ title: 'Site settings', description: 'The site’s name, language, social image, brand colour and typefaces, and the few words it writes itself.' });

export type SiteSettings = z.output<typeof SiteSettingsSchema>;

/** The problems of a stored settings value, each with the JSON pointer of its field; content is strict, so an unknown field is one. */
export function siteSettingsIssues(value: unknown): Issue[] {
  const parsed = SiteSettingsSchema.safeParse(value);
  const unknown = unknownFields(SiteSettingsSchema, value).map(({ path, message }) => ({ path: pointerFromPath(path), message }));
  return [...unknown, ...(parsed.success ? [] : issuesOf(parsed.error))];
}

/**
 * The settings file's problems, as the build and the editor's problem list
 * report them. A snapshot without the file has none here (a site being set up,
 * a test's few files); what needs the settings says so when it reads them.
 */
export function siteSettingsProblems(snapshot: ContentSnapshot): ContentError[] {
  const stored = snapshot.get(SITE_SETTINGS_FILE);
  const issues = stored === undefined ? [] : siteSettingsIssues(stored);
  return issues.length ? [new ContentError('invalid', SITE_SETTINGS_FILE, 'is not valid site settings', '', issues)] : [];
}

/** The settings of a snapshot, defaults applied; throws a ContentError naming each bad field, or the missing file. */
export function readSiteSettings(snapshot: ContentSnapshot): SiteSettings {
  const refused = refusalAt(snapshot.refused?.(), SITE_SETTINGS_FILE);
  if (refused) throw new ContentError('refused', SITE_SETTINGS_FILE, describeRefusal(refused, SITE_SETTINGS_FILE));
  if (snapshot.get(SITE_SETTINGS_FILE) === undefined) throw new ContentError('invalid', SITE_SETTINGS_FILE, 'is missing: the site settings need at least a "name"');
  const [problem] = siteSettingsProblems(snapshot);
  if (problem) throw problem;
  return SiteSettingsSchema.parse(snapshot.get(SITE_SETTINGS_FILE));
}

/** The theme's custom properties the settings drive: the accent from the brand colour, the font stacks from the typefaces. */
export function themeProperties(settings: SiteSettings): Record<string, string> {
  const brand = settings.brandColor.toLowerCase() as Hex;
  const { hover, ink, soft } = accentShades(brand);
  return {
    '--color-accent': brand,
    '--color-accent-ink': ink,
    '--color-accent-hover': hover,
    '--color-accent-soft': soft,
    '--color-focus': brand,
    '--font-text': `var(${TYPEFACES[settings.typeface].cssVariable})`,
    '--font-heading': `var(${TYPEFACES[settings.headingTypeface].cssVariable})`,
  };
}
