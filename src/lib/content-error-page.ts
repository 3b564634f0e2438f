/**
 * Dev only: the 500 page of a visitor page whose content (or a view it shows) is broken. It names
 * every file and pointer to fix, so the developer (or the editor's preview)
 * sees what is wrong instead of a blank error. A build never gets here: it
 * stops on broken content first (src/lib/content.ts).
 */
import type { ContentError } from '../engine/content-error';
import { SITE_SETTINGS_FILE } from '../engine/schema/site-settings';
import { ViewRenderError } from './section-views';

const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The page itself: a heading, a sentence and the list of what to fix, status 500, never cached, no stack. */
function errorPage(title: string, intro: string, items: string): Response {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>${title}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:48rem;margin:3rem auto;padding:0 1rem;color:#1a1a1a}code{background:#f3f3f3;padding:.1em .3em;border-radius:3px;overflow-wrap:anywhere}</style></head>
<body><h1>${title}</h1><p>${intro}</p><ul>${items}</ul></body></html>`;
  return new Response(html, { status: 500, headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' } });
}

/** A section view that does not load (src/lib/section-views.ts): the pages that show its type get this. */
export function viewErrorResponse(error: Error): Response {
  return errorPage("This page's code is broken", 'Fix the file below and reload. Pages that do not show this section type are not affected.', `<li>${escape(error.message)}</li>`);
}

/** A view that threw while rendering (ViewRenderError, or anything a page's code threw): the page is not sent cut off. */
export function renderErrorResponse(error: unknown): Response {
  const message = error instanceof Error ? error.message : String(error);
  // A section's view is one type's; anything else (the layout, say) may be on every page.
  const reach = error instanceof ViewRenderError ? ' Pages that do not show this section type are not affected.' : '';
  return errorPage("This page's code failed while rendering", `Fix the code below and reload; the terminal running <code>npm run dev</code> has the full error.${reach}`, `<li>${escape(message)}</li>`);
}

export function contentErrorResponse(error: ContentError): Response {
  // The site settings frame every page: saying the others are fine would send the reader looking for one.
  const reach = error.fileIssues().some((issue) => issue.file === SITE_SETTINGS_FILE) ? 'Every page shows the site settings, so every page is broken until they are fixed.' : 'Other pages are not affected.';
  const items = error
    .fileIssues()
    .map((issue) => `<li><code>src/data/${escape(issue.file)}${issue.path ? `#${escape(issue.path)}` : ''}</code>: ${escape(issue.message)}</li>`)
    .join('');
  return errorPage("This page's content is broken", `Fix the file${error.fileIssues().length === 1 ? '' : 's'} below (in the editor, or by hand) and reload. ${reach}`, items);
}
