/**
 * What a new page starts as: the site's shared header and footer, a page
 * header with its title, a short text and a call to action, each with copy
 * that says what to write there. Everything is ordinary, editable content.
 * It starts as a draft: a save keeps it, and only Publish shows it to
 * visitors, so placeholder copy never goes live by a reflexive Save.
 */
import { SITE_SETTINGS_FILE } from '../../engine/schema/site-settings';
import { isValidSegment } from '../../engine/slug';
import { slugWords, uniqueIdentifier } from './identifiers';
import { pageName, refFrom, sharedOfType, uniqueSectionId, type Docs, type EditorDoc, type StoredPage } from './model';

/** "Pricing Page" → `pricing-page`: lowercase ASCII letters, digits and single hyphens. */
export function slugFromTitle(title: string): string {
  const slug = slugWords(title, 60);
  return isValidSegment(slug) ? slug : '';
}

/**
 * Why the address of a new page or entry is empty though the user typed nothing there: its title
 * (`field`: "title", or "name" for a tag) has no letter an address can use (Chinese, Hebrew, an
 * emoji), so none could be suggested. It once said "Use lowercase letters, digits and single
 * hyphens…" of a field the user had not touched. Null when an address was suggested, or typed.
 */
export function noSuggestedSlugProblem(title: string, typedSlug: string | null, field = 'title'): string | null {
  if (typedSlug !== null || !title.trim() || slugFromTitle(title) !== '') return null;
  return `An address is made only of the letters a to z, digits and hyphens, and the ${field} has none of them, so none could be suggested. Type one here (for example our-story).`;
}

/** "pricing-page" → "Pricing page": a title for a page created from a slug alone. */
export const titleFromSlug = (slug: string) => {
  const words = pageName(slug).split('-').join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/**
 * Where a new page's "Get in touch" button leads: the site's e-mail address (site settings), which
 * is what the words promise; the home page only for a site without one. It led home on every site,
 * and a page went live with that button unnoticed (a QA pass).
 */
function contactHref(docs: Docs): string {
  const email = (docs[SITE_SETTINGS_FILE]?.data as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' && email.includes('@') ? `mailto:${email}` : '/';
}

export function starterPage({ slug, title, docs }: { slug: string; title?: string; docs: Docs }): StoredPage {
  const name = title?.trim() || titleFromSlug(slug);
  const shared = (type: string) => sharedOfType(docs, type);
  const refTo = (doc: EditorDoc | undefined) => doc && refFrom(`pages/${slug}.json`, doc);
  const taken: string[] = [];
  const id = (purpose: string) => {
    const unique = uniqueSectionId(slug, purpose, taken);
    taken.push(unique);
    return unique;
  };
  const sections = [
    refTo(shared('header')),
    { id: id('hero'), type: 'page-hero', data: { title: name, description: `One or two sentences that tell visitors what “${name}” is about.` } },
    {
      id: id('intro'),
      type: 'content-block',
      data: { body: `## Start here\n\nReplace this text with the first thing a visitor should read. Select it to edit it, and use **Add section** for more.`, width: 'narrow' },
    },
    {
      id: id('cta'),
      type: 'cta-banner',
      data: { title: 'What should visitors do next?', description: 'Point them to the next step.', ctas: [{ id: 'get-in-touch', label: 'Get in touch', href: contactHref(docs), variant: 'primary' }] },
    },
    refTo(shared('footer')),
  ].filter(Boolean);
  // Page ids are unique (the content store refuses a second): `docs-intro` for docs/intro, unless a page `docs-intro` has it.
  const pageIds = Object.values(docs).flatMap((doc) => (doc.kind === 'page' && typeof (doc.data as { id?: unknown })?.id === 'string' ? [(doc.data as { id: string }).id] : []));
  return { id: uniqueIdentifier(slug.replaceAll('/', '-'), pageIds), slug, status: 'draft', meta: { title: name, description: `${name}: a page of this site.` }, sections: sections as unknown[] };
}
