/**
 * Dev only: the 500 page of a visitor page whose content is broken. It names
 * every file and pointer to fix, so the developer (or the editor's preview)
 * sees what is wrong instead of a blank error. A build never gets here: it
 * stops on broken content first (src/lib/content.ts).
 */
import type { ContentError } from '../engine/content-error';

const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export function contentErrorResponse(error: ContentError): Response {
  const items = error
    .fileIssues()
    .map((issue) => `<li><code>src/data/${escape(issue.file)}${issue.path ? `#${escape(issue.path)}` : ''}</code>: ${escape(issue.message)}</li>`)
    .join('');
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>This page's content is broken</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:48rem;margin:3rem auto;padding:0 1rem;color:#1a1a1a}code{background:#f3f3f3;padding:.1em .3em;border-radius:3px;overflow-wrap:anywhere}</style></head>
<body><h1>This page's content is broken</h1><p>Fix the file${error.fileIssues().length === 1 ? '' : 's'} below (in the editor, or by hand) and reload. Other pages are not affected.</p><ul>${items}</ul></body></html>`;
  return new Response(html, { status: 500, headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' } });
}
