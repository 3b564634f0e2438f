/**
 * Building blocks shared by every section schema: the CTA and image shapes of
 * the spec (§2.5, §2.6), the padding scale (§2.3) and the field-metadata helper
 * that the editor forms and the generated docs read.
 */
import { z } from 'astro/zod';
import { plainMessage } from './messages';
import { imageUrlProblem, linkProblem } from './urls';
import { MAX_SLUG_LENGTH } from '../slug';

// Every schema is built from this module, so installing the plain words here covers them all,
// on the server, in the build and in the editor's bundle alike.
z.config({ customError: plainMessage });

/**
 * The field kinds a schema declares explicitly; the editor's kinds table
 * (src/editor/app/fields/kinds.tsx) has one entry for each. Plain JSON types
 * (string, number, boolean, enum, object, array) need no declaration.
 */
export type DeclaredKind = 'textarea' | 'markdown' | 'link' | 'image-url' | 'color' | 'icon' | 'identifier' | 'image';

declare module 'zod/v4/core' {
  interface GlobalMeta {
    /** The field's kind, read by the schema-to-form mapping and the docs; never guessed from shape. */
    kind?: DeclaredKind;
    /** For an `identifier`: the sibling field it is generated from (e.g. `label`). */
    identifierFrom?: string;
    /** For an enum: what editors read for each value (`{ sm: 'Small' }`). */
    optionLabels?: Record<string, string>;
    /** Placeholder or example value shown by the editor and the docs. */
    example?: string;
    /** For an array of entry slugs: the collection the slugs point into (the editor offers its entries). */
    relation?: string;
  }
}

/**
 * Attaches the label and description that the editor form and the generated
 * docs show for a field. Both come from here so they cannot drift apart.
 */
/**
 * A soft length: how much of a text others show (search results cut a title at about 60
 * characters). Not a rule, since nothing breaks past it: the editor counts as you type and says
 * what happens past it.
 */
export interface ShownUpTo {
  length: number;
  /** What is cut, and where: "Search results cut longer titles." */
  past: string;
}

export function field<T extends z.ZodType>(
  schema: T,
  title: string,
  description: string,
  extra: { kind?: DeclaredKind; example?: string; relation?: string; optionLabels?: Record<string, string>; shownUpTo?: ShownUpTo } = {},
): T {
  return schema.meta({ title, description, ...extra });
}

/**
 * How long a text may be, by what it is, not where it sits: a title is a title wherever it is (a
 * section's heading, a post's, a feature's, a page's SEO title), a label a label. Every text
 * field of every section, collection, page and the site settings takes one of these, so the
 * numbers exist once: the editor's forms count against them as you type (they read the schema's
 * maxLength), docs/sections.md states them, and the content store refuses a longer value naming
 * the field ("Use at most 100 characters"). Each is well past the longest the demo holds (in
 * brackets), and short enough that one field cannot grow a page by a megabyte: a 1.4 MB
 * description reached the page's size cap, whose words are about `$ref`s, before any rule of its
 * own. A text whose format bounds it (a date, a colour, a video ID) needs none.
 */
/** A few words, shown small or on a button: an eyebrow, a button's or menu item's label, a name, a price, a badge (30). */
export const MAX_LABEL_LENGTH = 60;
/**
 * A title, set large: past this it wraps over many lines on a phone and reads as a paragraph (a
 * hero's is the page's h1; 56).
 */
export const MAX_HEADING_LENGTH = 100;
/** One sentence: a caption, a tagline, a role, an announcement, a question, an image's alt text (85). */
export const MAX_LINE_LENGTH = 250;
/** Plain text of a few sentences: a description, a subtitle, a quote, an excerpt (218). */
export const MAX_PARAGRAPH_LENGTH = 1_000;
/** An address: 2,048 characters is the longest URL search engines and sitemaps take (51). */
export const MAX_URL_LENGTH = 2_048;

/**
 * Required text: blank or whitespace-only is an error, not content. It checks
 * without transforming, so a stored value always parses to itself.
 */
export const text = () => z.string().regex(/\S/, 'Required');

/** Required text of at most `max` characters (one of the lengths above). */
export const requiredText = (max: number) => text().max(max);

/** Optional text of at most `max` characters when given. */
export const optionalText = (max: number) => z.string().max(max).optional();

/** The longest e-mail address there is: 254 characters (RFC 5321's limit on a path, less its brackets). */
export const MAX_EMAIL_LENGTH = 254;

/** An e-mail address; `message` says what to type. */
export const emailAddress = (message: string) => z.email(message).max(MAX_EMAIL_LENGTH);

/** A section's required title (its heading): required text of at most MAX_HEADING_LENGTH characters. */
export const heading = () => requiredText(MAX_HEADING_LENGTH);

/** A section's optional title: at most MAX_HEADING_LENGTH characters when given. */
export const optionalHeading = () => optionalText(MAX_HEADING_LENGTH);

/** The small text above a section's title (its "eyebrow"), when given. */
export const eyebrow = () => optionalText(MAX_LABEL_LENGTH);

/** A string that `problem` accepts: it reports the problem's own message. */
const checkedString = (problem: (value: string) => string | undefined) =>
  z.string().max(MAX_URL_LENGTH).superRefine((value, context) => {
    const message = problem(value);
    if (message) context.addIssue({ code: 'custom', message });
  });

/**
 * A link's target: an http(s) URL, mailto:, tel:, a site path, ?query or
 * #anchor, and nothing else (no `javascript:`). Every `href` in content uses it.
 */
export const link = () => checkedString(linkProblem).meta({ kind: 'link' });

/** An image's source: an http(s) URL or a site path. */
export const imageUrl = () => checkedString(imageUrlProblem).meta({ kind: 'image-url' });

/**
 * An identifier that editors need not type: generated from the sibling field
 * `from` (slugified, unique among sibling items) and shown under "Advanced".
 */
export const identifier = (from: string) => requiredText(MAX_SLUG_LENGTH).meta({ kind: 'identifier', identifierFrom: from });

export const CtaVariantSchema = z.enum(['primary', 'secondary', 'ghost']).meta({
  optionLabels: { primary: 'Primary', secondary: 'Secondary', ghost: 'Ghost (text link)' },
});

/** A call-to-action button (spec §2.5). */
export const CtaSchema = z
  .object({
    /** Unique identifier of the button. */
    id: field(identifier('label'), 'ID', 'Unique identifier of the button, generated from its label.'),
    /** Visible button text. */
    label: field(requiredText(MAX_LABEL_LENGTH), 'Label', 'Visible button text.'),
    /** URL or path to link to. */
    href: field(link(), 'Link', 'URL or path to link to.'),
    /** Visual weight of the button. */
    variant: field(CtaVariantSchema, 'Style', 'Primary, secondary or ghost (a text link).'),
  })
  .meta({ title: 'Button', description: 'A call-to-action button.' });

/** A focal point coordinate: a share of the image's width or height. */
const focusCoordinate = () => z.number().min(0).max(1);

/** An image reference with its alternative text (spec §2.6), and optionally its focal point. */
export const ImageSelectionSchema = z
  .object({
    /** Fully qualified URL, or a path under the public assets directory. */
    url: field(imageUrl(), 'Image URL', 'Where the image is: the address of an image on the web (https://…), or one from the media library (Choose image).'),
    /** Alternative text, rendered as the `alt` attribute. */
    alt: field(requiredText(MAX_LINE_LENGTH), 'Alt text', 'Describes the image for people who cannot see it.'),
    /** The focal point across, 0 (left edge) to 1 (right edge); a view that crops keeps it in frame. */
    focusX: field(focusCoordinate().optional(), 'Focal point across', 'Where the subject is, from 0 (left) to 1 (right); the centre when absent.'),
    /** The focal point down, 0 (top edge) to 1 (bottom edge). */
    focusY: field(focusCoordinate().optional(), 'Focal point down', 'Where the subject is, from 0 (top) to 1 (bottom); the centre when absent.'),
  })
  .meta({ kind: 'image', title: 'Image', description: 'An image with its alternative text.' });

/** A navigation link of a header or footer menu. */
export const MenuItemSchema = z
  .object({
    /** Visible link text. */
    label: field(requiredText(MAX_LABEL_LENGTH), 'Label', 'Visible link text.'),
    /** URL or path the link goes to. */
    href: field(link(), 'Link', 'URL or path the link goes to.'),
  })
  .meta({ title: 'Menu item', description: 'A navigation link.' });

/** A colour as a six-digit hex code, the form the colour fields' picker gives. */
export const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;
export const hexColour = () => z.string().regex(HEX_COLOUR, 'Use a colour code such as #1e40af: a # and six digits or letters from a to f (the swatch beside it picks one)');

/**
 * The longest Markdown text, in characters: about 30,000 words, past any essay. Rendering costs
 * CPU in proportion (a table's HTML is over five times its source), and a publication renders
 * on the server, so one text may not cost more than about half a second of it.
 */
export const MAX_MARKDOWN_LENGTH = 200_000;

/** Markdown text; rendered without raw HTML (see src/engine/markdown.ts). */
export const markdown = () =>
  z.string().max(MAX_MARKDOWN_LENGTH, `Keep this text to ${MAX_MARKDOWN_LENGTH.toLocaleString('en')} characters (about 30,000 words) or fewer`).meta({ kind: 'markdown' });

export const PADDINGS = ['none', 'sm', 'md', 'lg', 'xl', '2xl'] as const;
/** What editors read for each padding (the keys are the theme's scale). */
export const PADDING_LABELS: Record<(typeof PADDINGS)[number], string> = {
  none: 'None', sm: 'Small', md: 'Medium', lg: 'Large', xl: 'Extra large', '2xl': '2× large',
};
export const PaddingSchema = z.enum(PADDINGS).meta({ optionLabels: PADDING_LABELS });

/**
 * The settings every section accepts (spec §2.3). Keys a type does not use
 * are stripped rather than rejected: "settings that do not apply are ignored".
 */
export const baseSettings = z.object({
  /** Vertical spacing above the section. */
  paddingTop: field(PaddingSchema.default('md'), 'Padding top', 'Vertical spacing above the section.'),
  /** Vertical spacing below the section. */
  paddingBottom: field(PaddingSchema.default('md'), 'Padding bottom', 'Vertical spacing below the section.'),
});

export type Cta = z.infer<typeof CtaSchema>;
export type ImageSelection = z.infer<typeof ImageSelectionSchema>;
export type MenuItem = z.infer<typeof MenuItemSchema>;
export type Padding = z.infer<typeof PaddingSchema>;
