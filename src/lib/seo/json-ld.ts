/**
 * Builders of the schema.org structured data a visitor page carries, as
 * JSON-LD. Pure functions of their inputs: the layout gathers the content
 * (src/lib/seo/page-data.ts), these shape it, and the unit tests check each
 * shape against the properties schema.org and Google's rich-result
 * documentation require or recommend.
 *
 * Every URL given to them must already be absolute: JSON-LD is read outside
 * the page, where a path means nothing.
 */

/** A JSON-LD node: plain JSON with `@type` (and `@context` at the top). */
export type JsonLd = { '@type': string } & Record<string, unknown>;

/** The site as structured data knows it: its name, its root URL, and optionally a tagline and e-mail. */
export interface SiteDetails {
  name: string;
  /** Absolute, ending in `/`. */
  url: string;
  description?: string;
  email?: string;
}

const CONTEXT = 'https://schema.org';

/** Stable node ids, so an Article's publisher and the WebSite's publisher are the one Organization. */
export const organizationId = (site: SiteDetails) => `${site.url}#organization`;
export const websiteId = (site: SiteDetails) => `${site.url}#website`;

/** The organization behind the site (schema.org/Organization; Google recommends `name`, `url`). */
export function organization(site: SiteDetails): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'Organization',
    '@id': organizationId(site),
    name: site.name,
    url: site.url,
    ...(site.description ? { description: site.description } : {}),
    ...(site.email ? { email: site.email } : {}),
  };
}

/** The site itself (schema.org/WebSite; Google's site-name feature reads `name` and `url` on the home page). */
export function website(site: SiteDetails): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'WebSite',
    '@id': websiteId(site),
    name: site.name,
    url: site.url,
    ...(site.description ? { description: site.description } : {}),
    publisher: { '@id': organizationId(site) },
  };
}

export interface ArticleInput {
  /** Absolute URL of the article's page (its canonical URL). */
  url: string;
  headline: string;
  description?: string;
  authorName: string;
  /** ISO 8601 date or date-time. */
  datePublished: string;
  /** ISO 8601; left out when unknown rather than guessed. */
  dateModified?: string;
  /** Absolute image URLs. */
  images: string[];
}

/**
 * A post (schema.org/Article). Google's Article documentation requires no
 * single property but recommends `headline`, `author` (a Person with a name),
 * `datePublished`, `dateModified` and `image`; the publisher is the site's
 * Organization, named in full so the block stands on its own.
 */
export function article(input: ArticleInput, site: SiteDetails): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'Article',
    '@id': `${input.url}#article`,
    mainEntityOfPage: input.url,
    url: input.url,
    headline: input.headline,
    ...(input.description ? { description: input.description } : {}),
    author: { '@type': 'Person', name: input.authorName },
    datePublished: input.datePublished,
    ...(input.dateModified ? { dateModified: input.dateModified } : {}),
    ...(input.images.length > 0 ? { image: input.images } : {}),
    publisher: { '@type': 'Organization', '@id': organizationId(site), name: site.name, url: site.url },
    isPartOf: { '@id': websiteId(site) },
  };
}

export interface Crumb {
  name: string;
  /** Absolute URL of the crumb's page. */
  url: string;
}

/**
 * The trail from the home page to this page (schema.org/BreadcrumbList).
 * Google requires `itemListElement`, each a ListItem with `position` (from 1),
 * `name` and `item` (which only the last may omit; every crumb here has a page, so all carry it).
 */
export function breadcrumbList(crumbs: readonly Crumb[]): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({ '@type': 'ListItem', position: index + 1, name: crumb.name, item: crumb.url })),
  };
}

/**
 * The text of a `<script type="application/ld+json">` element. JSON.stringify
 * makes it valid JSON; `<`, `>` and `&` become \u escapes (the same JSON once
 * parsed), so no content can close the element (`</script>`) or open a comment
 * in it; U+2028 and U+2029 are escaped too, for readers that treat the text as JavaScript.
 */
export function jsonLdText(data: JsonLd): string {
  return JSON.stringify(data).replace(/[<>&\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
