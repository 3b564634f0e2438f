/**
 * Small text helpers shared by the views. Dates are formatted in UTC because
 * content dates are calendar days (YYYY-MM-DD), not instants: a build machine
 * west of Greenwich must not print the day before.
 */
const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });

export function formatDate(isoDay: string): string {
  const date = new Date(`${isoDay}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? isoDay : dateFormat.format(date);
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
