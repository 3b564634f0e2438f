/**
 * The gate in front of every on-demand route (prerendered pages never reach
 * it). On the production server every route needs a live session except an
 * ALLOWLIST of public ones; without one, the editor's pages redirect (303) to
 * the sign-in page and everything else answers 401 `{error}`. While no user
 * exists the editor is off: its pages redirect to the sign-in page, which says
 * so, and the rest answers 404. The decision is made on the decoded,
 * normalised path (server/requests.mjs), the one the router and the file
 * servers resolve, never on the raw URL, so no spelling of a path
 * (`/api/%61uth/users`, `/api/public-page/../editor/state`) reaches a route
 * under another rule. Under astro dev there is no sign-in: the dev server's
 * own guards keep the editor to localhost, and the developer is an admin.
 */
import type { APIContext, MiddlewareNext } from 'astro';
import { defineMiddleware } from 'astro:middleware';
import { DOUBLED_SLASHES, normalisedPath, singleSlashTarget, UNREADABLE_PATH } from '../server/requests.mjs';
import { EDITOR_OFF_MESSAGE, NO_STORE } from './server/auth/endpoint-helpers';
import { isEditorPath, SIGN_IN_PATH, signInLocation } from './server/auth/next-path';
import { editorIsOn, sessionOf, type SignedInUser } from './server/auth/sessions';
import { errorResponse, errorResponseFor } from './server/http';
import { renderErrorResponse } from './lib/content-error-page';
import { LIVE_PREFIX } from './lib/visitor-path';
import { decodeTabUser, OTHER_USER_HEADER, otherUserProblem, TAB_USER_HEADER } from './editor/lib/tab-user';
import { liveRenderContext, withLiveRenderContext } from './server/render-context';

const LOCAL_DEVELOPER: SignedInUser = { name: 'local', role: 'admin' };

/** Paths that need no session: exact paths, and folders (everything under them). */
const PUBLIC_PATHS = new Set(['/api/list-assets', '/api/auth/login', SIGN_IN_PATH, '/api/content/sync']);
const PUBLIC_FOLDERS = ['/api/public-page'];

/** Whether `path` may be answered without a session. */
export function isPublicRequest(path: string, request: Request): boolean {
  if (PUBLIC_PATHS.has(path)) return true;
  if (PUBLIC_FOLDERS.some((folder) => path === folder || path.startsWith(`${folder}/`))) return true;
  // Uploads with a bearer token are the token's business (the endpoint checks it); with none they need a session.
  return path === '/api/upload-asset' && hasBearerToken(request);
}

function hasBearerToken(request: Request): boolean {
  const [scheme, token] = (request.headers.get('authorization') ?? '').trim().split(/\s+/, 2);
  return scheme?.toLowerCase() === 'bearer' && Boolean(token);
}

const redirect = (location: string) => new Response(null, { status: 303, headers: { Location: location, ...NO_STORE } });

/**
 * The editor's pages (the sign-in page too) are framed by no other site: laid under a page of its
 * own, a signed-in editor could be led to click Save, Delete or Publish unseen (clickjacking). The
 * preview is the editor's own frame, of its own origin.
 */
const NOT_FRAMED = { 'Content-Security-Policy': "frame-ancestors 'self'", 'X-Frame-Options': 'SAMEORIGIN' };

/** The editor's preview route: it renders in a render context of its own, which it gives its settings (src/editor/routes/preview.astro). */
const PREVIEW_PATH = '/api/editor/preview';

export const onRequest = defineMiddleware(async (context, next) => {
  const path = normalisedPath(context.url.pathname);
  const answer = path === PREVIEW_PATH && !liveRenderContext() ? await withLiveRenderContext({}, () => gate(context, next)) : await gate(context, next);
  const response = import.meta.env.DEV || path === PREVIEW_PATH ? await wholePage(answer, path === PREVIEW_PATH) : answer;
  return isEditorPath(normalisedPath(context.url.pathname) ?? '') ? notFramed(response) : response;
});

/**
 * A page rendered whole before its status is sent: in dev every page, and the editor's preview
 * everywhere. Astro streams a page, so a view that threw half-way (valid code meeting data it did
 * not expect) cut the page off after a 200, which looked like a finished page with its end missing,
 * and the editor swapped it into the preview as if it were one. Read whole, the error comes here:
 * the preview answers it as JSON, a dev page as a 500 page naming the section (the terminal has the
 * stack). The build and the production server render every page to the end before anyone gets it,
 * and fail the build or the publication instead.
 */
async function wholePage(response: Response, isPreview: boolean): Promise<Response> {
  if (!response.body || !response.headers.get('content-type')?.startsWith('text/html')) return response;
  try {
    const body = await response.arrayBuffer();
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  } catch (error) {
    if (isPreview) return errorResponseFor(error);
    console.error(error);
    return renderErrorResponse(error);
  }
}

function notFramed(response: Response): Response {
  for (const [name, value] of Object.entries(NOT_FRAMED)) response.headers.set(name, value);
  return response;
}

async function gate(context: APIContext, next: MiddlewareNext): Promise<Response> {
  if (context.isPrerendered) return next();
  if (import.meta.env.DEV) {
    context.locals.user = LOCAL_DEVELOPER;
    return next();
  }
  const path = normalisedPath(context.url.pathname);
  if (path === undefined) return errorResponse(400, UNREADABLE_PATH);
  // The front (server/index.mjs) answers these before routing; here too, since the gate below reads
  // `path` (doubled slashes dropped) while the router kept them and chose the route.
  if (singleSlashTarget(context.url.pathname) !== undefined) return errorResponse(400, DOUBLED_SLASHES);
  // Live publishing's routes answer only the server's own requests, which carry a render context (server/live-site.mjs).
  if (path === LIVE_PREFIX || path.startsWith(`${LIVE_PREFIX}/`)) return liveRenderContext() ? next() : errorResponse(404, 'Not found');
  // The catch-all under /api/ only ever answers a JSON 404 (src/pages/api/[...path].ts): an unknown path is unknown to everyone.
  if (isPublicRequest(path, context.request) || context.routePattern === '/api/[...path]') return next();
  try {
    if (!(await editorIsOn())) {
      // With no editor, uploads are the bearer token's alone: the endpoint answers 401 (or 403 with no token set).
      if (path === '/api/upload-asset') return next();
      return isEditorPath(path) ? redirect(SIGN_IN_PATH) : errorResponse(404, EDITOR_OFF_MESSAGE, {}, NO_STORE);
    }
    const session = await sessionOf(context);
    if (!session) return isEditorPath(path) ? redirect(signInLocation(path)) : errorResponse(401, 'Sign in first: this needs a session', {}, NO_STORE);
    // A tab opened by another user, who signed in on this browser before: not theirs to act in (src/editor/lib/tab-user.ts).
    const tabUser = context.request.headers.get(TAB_USER_HEADER);
    const otherUser = tabUser === null ? undefined : otherUserProblem(decodeTabUser(tabUser), session.user.name);
    if (otherUser) return errorResponse(401, otherUser, {}, { ...NO_STORE, [OTHER_USER_HEADER]: '1' });
    context.locals.user = session.user;
  } catch (error) {
    // A users or sessions file that cannot be read: the request is refused, never let through.
    return errorResponseFor(error);
  }
  return next();
}
