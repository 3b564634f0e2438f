/**
 * The links of a site that lead nowhere: menu items, buttons, link fields and links inside
 * Markdown texts whose address on this site has no page (a page deleted since, a typo such as
 * `/contcat`), or no uploaded image (`/assets/images/…`). Visitors who follow one get "page not
 * found". So do visitors on most pages who follow a relative link to an image in a text
 * (`../assets/images/plan.png`, relativeImageName), which is named too, to be written absolute. They break no page, so they are warnings: the editor's Problems panel lists them and
 * the build names them, and neither refuses anything for them.
 *
 * A link leads somewhere when its page exists in the content, drafts and scheduled pages
 * included: such a link waits for its page, and the editor says so where it matters (the page's
 * Publish panel names the links waiting for it, a save that adds one says so; page-links.ts), as a
 * redirect to a draft is not wrong either (redirects.ts). The old address of a moved page leads
 * somewhere as long as its redirect leads to a page. A page a file that cannot be read may give
 * (its own error already says so) is not judged, nor is what linkDestination does not judge
 * (another site, a file, the server's own addresses): page-addresses.ts, which the editor's link
 * field judges by too.
 *
 * Pure, over a content snapshot: the readers of link and Markdown fields are passed in (the
 * schemas' declarations, markdown-fields.ts, and a Markdown parser), as references.ts takes them.
 */
import { linkDestination } from './link-destination';
import { addressOfSlug, addressVerdict, type SiteAddresses } from './page-addresses';
import { parsePointer } from './pointer';
import { contentRoutes } from './problems';
import { redirectsOf } from './redirects';
import { relativeImageName, type MarkdownReader } from './references';
import { NOT_FOUND_SLUG } from './slug';
import type { ContentSnapshot } from './snapshot';

/** A link that leads nowhere: the data file, the field (a JSON pointer) and the address as written there. */
export interface LinkNowhere {
  file: string;
  pointer: string;
  link: string;
}

export interface LinkReading {
  /** The JSON pointers of a document's link fields (linkPointers, markdown-fields.ts). */
  linkFields(file: string, document: unknown): ReadonlySet<string>;
  /** Reads the links inside Markdown fields; without it, those are not checked. */
  markdown?: MarkdownReader;
  /** The file names of the uploaded images (`a.png` for `/assets/images/a.png`). */
  uploads: ReadonlySet<string>;
}

/**
 * What the content's addresses are judged by (page-addresses.ts): every page and entry's page,
 * drafts included, not the 404 page's document, which has no address of its own; the valid
 * redirects; the templates; and the files the snapshot could not read.
 */
export function siteAddresses(snapshot: ContentSnapshot): SiteAddresses {
  const routes = contentRoutes(snapshot);
  return {
    pages: new Set(routes.pages.flatMap((route) => (route.slug === NOT_FOUND_SLUG ? [] : [addressOfSlug(route.slug)]))),
    redirects: new Map([...redirectsOf(snapshot)].map(([from, redirect]) => [addressOfSlug(from), redirect.to])),
    templates: routes.templates,
    unreadable: [...(snapshot.refused?.().keys() ?? [])],
  };
}

/** The value at `pointer` in `document`, or undefined. */
function valueAt(document: unknown, pointer: string): unknown {
  return parsePointer(pointer).reduce<unknown>((node, token) => (typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[token] : undefined), document);
}

export function linksLeadingNowhere(snapshot: ContentSnapshot, { linkFields, markdown, uploads }: LinkReading): LinkNowhere[] {
  const site = siteAddresses(snapshot);
  const leadsNowhere = (link: string) => {
    const to = linkDestination(link);
    return to !== undefined && ('upload' in to ? !uploads.has(to.upload) : 'nowhere' in addressVerdict(to.page, site));
  };
  const found: LinkNowhere[] = [];
  for (const file of [...snapshot.paths()].sort()) {
    const document = snapshot.get(file);
    for (const pointer of linkFields(file, document)) {
      const link = valueAt(document, pointer);
      if (typeof link === 'string' && leadsNowhere(link)) found.push({ file, pointer, link });
    }
    for (const pointer of markdown?.fields(file, document) ?? []) {
      const text = valueAt(document, pointer);
      // Every link to a site path needs a `[` (autolinks and bare URLs are absolute): most texts need no parse.
      if (typeof text !== 'string' || !text.includes('[')) continue;
      // A relative link to an image shows it only from pages at one depth, and from none after a move (references.ts).
      for (const link of new Set(markdown!.links.urls(text))) if (leadsNowhere(link) || relativeImageName(link) !== undefined) found.push({ file, pointer, link });
    }
  }
  return found;
}
