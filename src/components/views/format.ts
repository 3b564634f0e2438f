/**
 * Small text helpers shared by the views. Dates are formatted in UTC because
 * content dates are calendar days (YYYY-MM-DD), not instants: a build machine
 * west of Greenwich must not print the day before.
 */

/** One formatter per language the site has been written in (a site has one; tests and previews change it). */
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** A calendar day as the site's language writes it (`Oct 9, 2026` in en, `9. Okt. 2026` in de); US English for a tag Intl cannot read. */
export function formatDate(isoDay: string, language: string): string {
  const date = new Date(`${isoDay}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return isoDay;
  let format = dateFormats.get(language);
  if (!format) {
    const options = { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' } as const;
    try {
      format = new Intl.DateTimeFormat(language, options);
    } catch {
      format = new Intl.DateTimeFormat('en-US', options);
    }
    dateFormats.set(language, format);
  }
  return format.format(date);
}

/** Minutes to read Markdown at about 230 words a minute; never below one. */
export function readingMinutes(markdown: string): number {
  const words = markdown.replace(/[`#>*_\-[\]()]/g, ' ').split(/\s+/).filter(Boolean).length;
  return Math.max(1, Math.round(words / 230));
}

export function initials(name: string): string {
  const parts = name.trim().split(/\s+/);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : '')).toUpperCase();
}

/** Same path, ignoring a trailing slash, so `/about` and `/about/` both mark the About link. */
export function isCurrentPath(href: string, pathname: string): boolean {
  if (!href.startsWith('/') || href.includes('#') || href.includes('?')) return false;
  const trim = (path: string) => path.replace(/\/+$/, '') || '/';
  return trim(href) === trim(pathname);
}
