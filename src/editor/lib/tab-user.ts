/**
 * Which user an editor tab acts for. A tab belongs to whoever opened it: their
 * unsaved words are on its screen and in its drafts. Sessions are per browser,
 * so when someone else signs in on the same browser (in another tab, on a
 * computer people share), a tab opened by the first user would otherwise go
 * on saving under the new user's session. So each request from a tab names
 * its user, and the server refuses it, as signed out, for anyone else
 * (src/middleware.ts); the editor then opens afresh for the new user.
 */

/** The request header that names the tab's user, percent-encoded (header values are Latin-1). */
export const TAB_USER_HEADER = 'X-Editor-User';

/**
 * On a 401, says it was for another user's tab, not an ended session: the editor then asks who is
 * signed in at once, and opens afresh for them. A header, since every error body is `{ error }`.
 */
export const OTHER_USER_HEADER = 'X-Editor-Other-User';

export const encodeTabUser = (name: string) => encodeURIComponent(name);

/** The name a header value gives, or undefined when it is not one encodeTabUser made. */
export function decodeTabUser(value: string): string | undefined {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}

/** Why a request from a tab of `tabUser` is refused when `signedIn` is who the browser's session is for; undefined when it is the same user. */
export function otherUserProblem(tabUser: string | undefined, signedIn: string): string | undefined {
  if (tabUser === signedIn) return undefined;
  return `Someone else (${signedIn}) is signed in on this browser now, and this tab is another user's: nothing was done. Reload to go on as ${signedIn}.`;
}
