/**
 * Identifiers editors never have to type (a button's `id`): generated from a
 * sibling field (its label) while the editor types, and kept once someone
 * has changed them by hand, so a stored identifier never moves by surprise.
 */

import transliterate from '@sindresorhus/transliterate';

const MAX_LENGTH = 48;

/**
 * `What’s new & next?` → `whats-new-and-next`: lowercase letters, digits and single hyphens, at
 * most `max` characters; accents dropped, `&` read as "and", and an apostrophe joins its word
 * (`what-s` read as two words), other scripts written in Latin letters where they can be (`Контакты` →
 * `kontakty`). Page and entry addresses and generated identifiers all come from it.
 */
export function slugWords(text: string, max: number): string {
  const latin = text.normalize('NFKD').replace(/\p{Diacritic}/gu, '');
  // What is still not ASCII (Cyrillic, Greek, Arabic…) is written in Latin letters: `Контакты` → `kontakty`.
  // Scripts without letters of that kind (Chinese, Japanese) still give no address, and the dialog asks for one.
  return (/[^\x00-\x7f]/.test(latin) ? transliterate(latin) : latin)
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’ʼ]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, max)
    .replace(/-+$/, '');
}

/** `Get in touch!` → `get-in-touch`. */
export const slugifyIdentifier = (text: string): string => slugWords(text, MAX_LENGTH);

/** `base`, or `base-2`, `base-3`… whichever is not taken. */
export function uniqueIdentifier(base: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  if (!used.has(base)) return base;
  for (let n = 2; ; n += 1) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** The identifier generated from `source`; `fallback` (e.g. `button`) when the source has no letters or digits yet. */
export function generateIdentifier(source: string, taken: Iterable<string>, fallback: string): string {
  return uniqueIdentifier(slugifyIdentifier(source) || slugifyIdentifier(fallback) || 'item', taken);
}

export interface IdentifierChange {
  /** The identifier as stored now. */
  current: unknown;
  /** The source field before and after the edit. */
  previousSource: unknown;
  nextSource: unknown;
  /** Identifiers of the sibling items (not this one's). */
  taken: Iterable<string>;
  fallback: string;
}

/**
 * The identifier after its source changed: it follows the source while it is
 * empty or still what the old source generated; an identifier set by hand stays.
 */
export function followIdentifier({ current, previousSource, nextSource, taken, fallback }: IdentifierChange): string {
  const asString = (value: unknown) => (typeof value === 'string' ? value : '');
  const id = asString(current);
  // Generated from the old source: its slug, or its slug with a number added to keep it unique.
  const base = slugifyIdentifier(asString(previousSource)) || slugifyIdentifier(fallback) || 'item';
  if (id !== '' && id !== base && !new RegExp(`^${base}-\\d+$`).test(id)) return id;
  return generateIdentifier(asString(nextSource), taken, fallback);
}
