/**
 * Where the sign-in page sends the browser afterwards (`?next=`): only ever a
 * path of this site's editor, so the page cannot be made into an open redirect
 * (`//evil.example`, `/\evil.example`, `https://evil.example`, `/editor/%2e%2e/api`).
 */
import { normalisedPath } from '../../../server/requests.mjs';
import { sameSiteUrl } from '../../engine/schema/urls';

export const EDITOR_HOME = '/editor';
export const SIGN_IN_PATH = '/editor/sign-in';

/** Whether a normalised path is the editor or one of its pages. */
export const isEditorPath = (path: string) => path === EDITOR_HOME || path.startsWith(`${EDITOR_HOME}/`);

/** `next` as a same-site editor path (percent-encoded, dot segments resolved), or `/editor`. */
export function safeNextPath(next: unknown): string {
  if (typeof next !== 'string' || next.length === 0 || next.length > 2048) return EDITOR_HOME;
  // Browsers read `/\host` and `//host` as another host, and drop tabs and newlines anywhere.
  if (!next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return EDITOR_HOME;
  for (const char of next) {
    const code = char.codePointAt(0)!;
    if (code <= 0x20 || code === 0x7f) return EDITOR_HOME;
  }
  const url = sameSiteUrl(next);
  if (!url) return EDITOR_HOME;
  // Decided on the decoded path the servers route by (`/editor/%61pi` is under /editor); one they
  // would refuse (an encoded / or a dot segment left after parsing) leads to the editor's home.
  const path = normalisedPath(url.pathname);
  if (path === undefined || !isEditorPath(path) || path === SIGN_IN_PATH) return EDITOR_HOME;
  return url.pathname;
}

/** The sign-in page's address that leads back to `path` afterwards. */
export function signInLocation(path: string): string {
  const next = safeNextPath(path);
  return next === EDITOR_HOME ? SIGN_IN_PATH : `${SIGN_IN_PATH}?next=${encodeURIComponent(next)}`;
}
