/**
 * What the visitor routes answer for a slug: the page's bundle to render, or
 * a response instead (a moved page's 301, a 404, or in dev a broken page's
 * report). The visitor routes, the 404 page and the production server's live
 * route (src/server/publish/LivePage.astro) all decide through here.
 */
import { listRedirects, resolvePage } from './content';
import { ContentError, PageNotFoundError, type Bundle } from '../engine/resolver';
import { NOT_FOUND_SLUG } from '../engine/slug';
import { contentErrorResponse, viewErrorResponse } from './content-error-page';
import { loadViews, ViewLoadError } from './section-views';
import { siteSettings } from './seo/page-data';

/** For a site without the 404 page's document: the same words, without the header and footer. */
const FALLBACK_NOT_FOUND: Bundle = {
  id: 'not-found',
  slug: NOT_FOUND_SLUG,
  meta: { title: 'Page not found', description: 'There is no page at this address.' },
  sections: [{ id: 'not-found-hero', type: 'page-hero', data: { title: 'This page does not exist', description: 'It may have moved, or the link may be mistyped.' }, settings: {} }],
};

/**
 * The 404 page: the page document `src/data/pages/404.json` (NOT_FOUND_SLUG), resolved like
 * every page, its title carrying the site name, never indexed.
 */
async function notFoundPage(): Promise<Bundle> {
  let bundle: Bundle;
  try {
    bundle = await resolvePage(NOT_FOUND_SLUG);
  } catch (error) {
    if (!(error instanceof PageNotFoundError)) throw error;
    bundle = FALLBACK_NOT_FOUND;
  }
  const { name } = await siteSettings();
  const { title } = bundle.meta;
  return { ...bundle, meta: { ...bundle.meta, title: title.includes(name) ? title : `${title} — ${name}`, noindex: true } };
}

/** `search`: the request's query (`?utm_source=mail`), which a moved page's redirect keeps, as the production server's does. */
export async function visitorPageOf(slug: string, search = ''): Promise<Bundle | Response> {
  try {
    // Every page, the 404 page too, is framed by the site settings: read them before anything renders,
    // or a page that fails on them mid-way sends a blank 200 (dev only: the build stops on them first).
    await siteSettings();
    const bundle = slug === NOT_FOUND_SLUG ? await notFoundPage() : await resolvePage(slug);
    // Its views too: one that does not compile fails here, before the page starts to stream.
    await loadViews(bundle.sections.map((section) => section.type));
    return bundle;
  } catch (error) {
    // Only reachable in dev, where the visitor route renders on request (see src/editor/integration.ts).
    if (error instanceof ContentError) return contentErrorResponse(error);
    if (error instanceof ViewLoadError) return viewErrorResponse(error);
    if (!(error instanceof PageNotFoundError)) throw error;
    const redirect = (await listRedirects()).get(slug);
    if (redirect) return new Response(null, { status: 301, headers: { Location: redirect.to + search } });
    return new Response(null, { status: 404, statusText: 'Not Found' });
  }
}
