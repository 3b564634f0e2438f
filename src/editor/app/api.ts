/**
 * The editor's calls to the server: `astro dev`, or the production server
 * behind sign-in. Any of them answered 401 means the session has ended: the
 * listener set with `whenSignedOut` hears it (the editor moves to its
 * signed-out state), and the call reports it as its own failure too.
 */
import type { AssetDetails } from '../../server/asset-details';
import { LOCATION_REMOVED_HEADER } from '../../../server/headers.mjs';
import type { Change } from '../lib/content-ops';
import type { EditorContent, EditorDoc, EditorUser } from '../lib/model';
import { encodeTabUser, OTHER_USER_HEADER, TAB_USER_HEADER } from '../lib/tab-user';

/** A request that got no answer at all: said in words, not as the browser's error ("Failed to fetch"). */
const UNREACHABLE = 'The server could not be reached: check your connection, then try again. Nothing was lost.';

/** What a failed call says when the session has ended; the banner says what to do. */
export const SIGNED_OUT = 'Your session has ended.';

/** `otherUser`: the 401 was for this tab's user, while someone else is signed in on this browser now. */
type SignedOutListener = (otherUser: boolean) => void;

let signedOutListener: SignedOutListener | null = null;

/** Calls `listener` whenever a request is answered 401; returns the function that stops it. */
export function whenSignedOut(listener: SignedOutListener): () => void {
  signedOutListener = listener;
  return () => {
    if (signedOutListener === listener) signedOutListener = null;
  };
}

/** Who this tab acts for (src/editor/lib/tab-user.ts): set once, from the editor page's payload. */
let tabUser: string | undefined;

/** Every request that needs a session names `user` from now on; the server refuses it for anyone else. */
export function actFor(user: string): void {
  tabUser = user;
}

/** `headers`, with the tab's user named. */
const asTabUser = (headers: Record<string, string> = {}): Record<string, string> => (tabUser === undefined ? headers : { ...headers, [TAB_USER_HEADER]: encodeTabUser(tabUser) });

/** Tells the listener when a request found no session; true then. */
function endedSession(answer: Response | XMLHttpRequest): boolean {
  if (answer.status !== 401) return false;
  const otherUser = 'getResponseHeader' in answer ? answer.getResponseHeader(OTHER_USER_HEADER) !== null : answer.headers.has(OTHER_USER_HEADER);
  signedOutListener?.(otherUser);
  return true;
}

/** A problem the server found, in the file it is in: `path` is a JSON pointer into that file. */
export interface FileIssue {
  file: string;
  path: string;
  message: string;
}

export type SaveResult =
  /** `publish`: the production server is publishing the change, under this ticket (absent under astro dev). */
  | { status: 'saved'; versions: Record<string, string | null>; rewritten: string[]; publish?: { ticket: number } }
  | { status: 'invalid'; error: string; issues: FileIssue[] }
  | { status: 'conflict'; error: string; conflicts: { file: string; currentVersion: string | null }[] }
  /** `httpStatus`: the server's answer (403 for the role, 502/503 for a git remote out of reach), absent when none came. */
  | { status: 'failed'; error: string; httpStatus?: number };

async function errorOf(response: Response): Promise<{ error: string; issues?: FileIssue[]; conflicts?: { file: string; currentVersion: string | null }[] }> {
  try {
    return await response.json();
  } catch {
    return { error: `${response.status} ${response.statusText}` };
  }
}

/**
 * Saves every changed document as one changeset (POST /api/content/changes):
 * all of them are written, or none. Each is based on the version it was loaded
 * at; `baseVersions` overrides that for files the user chose to overwrite.
 * `summary` says what changed, for the commit message (change-summary.ts).
 */
export async function saveDocs(docs: readonly EditorDoc[], baseVersions: Readonly<Record<string, string | null>> = {}, summary?: string): Promise<SaveResult> {
  return applyChanges(
    docs.map((doc) => ({
      op: 'put',
      file: doc.file,
      content: doc.data,
      baseVersion: Object.hasOwn(baseVersions, doc.file) ? baseVersions[doc.file]! : doc.version,
    })),
    summary,
  );
}

/** Applies a changeset (puts, deletes, moves) whole or not at all; `rewritten` lists the files the server changed to keep references whole. */
export async function applyChanges(changes: readonly Change[], message?: string): Promise<SaveResult> {
  let response: Response;
  try {
    response = await fetch('/api/content/changes', { method: 'POST', headers: asTabUser({ 'Content-Type': 'application/json' }), body: JSON.stringify({ ...(message && { message }), changes }) });
  } catch (error) {
    return { status: 'failed', error: UNREACHABLE };
  }
  if (endedSession(response)) return { status: 'failed', error: SIGNED_OUT, httpStatus: 401 };
  const answer = await errorOf(response);
  if (response.ok) {
    const applied = answer as unknown as { versions: Record<string, string | null>; rewritten?: string[]; publish?: { ticket?: unknown } };
    const ticket = applied.publish?.ticket;
    return { status: 'saved', versions: applied.versions, rewritten: applied.rewritten ?? [], ...(typeof ticket === 'number' && { publish: { ticket } }) };
  }
  if (response.status === 400) return { status: 'invalid', error: answer.error, issues: answer.issues ?? [] };
  if (response.status === 409) return { status: 'conflict', error: answer.error, conflicts: answer.conflicts ?? [] };
  return { status: 'failed', error: answer.error ?? `${response.status} ${response.statusText}`, httpStatus: response.status };
}

/** `kept`: pages the live site holds from an earlier version, since the content cannot make them now, each with why. */
export type PublishingAnswer = { state: 'publishing' } | { state: 'live'; kept?: { path: string; reason: string }[] } | { state: 'failed'; error: string } | { state: 'unknown'; error: string; httpStatus?: number };

/** Where the publication of a save stands: GET /api/content/publishing?ticket=N. `unknown`: no usable answer (asked again later). */
export async function publishingState(ticket: number, signal: AbortSignal): Promise<PublishingAnswer> {
  let response: Response;
  try {
    response = await fetch(`/api/content/publishing?ticket=${ticket}`, { cache: 'no-store', signal, headers: asTabUser() });
  } catch (error) {
    return { state: 'unknown', error: (error as Error).message };
  }
  if (endedSession(response)) return { state: 'unknown', error: SIGNED_OUT, httpStatus: 401 };
  const answer = (await errorOf(response)) as { state?: unknown; error?: string; kept?: unknown };
  if (!response.ok) return { state: 'unknown', error: answer.error ?? `${response.status}`, httpStatus: response.status };
  if (answer.state === 'publishing') return { state: answer.state };
  if (answer.state === 'live') return Array.isArray(answer.kept) && answer.kept.length > 0 ? { state: 'live', kept: answer.kept } : { state: 'live' };
  if (answer.state === 'failed') return { state: 'failed', error: answer.error || 'the server gave no reason' };
  return { state: 'unknown', error: 'The server answered with an unknown publishing state' };
}

export async function loadState(): Promise<EditorContent> {
  const response = await fetch('/api/editor/state', { headers: asTabUser() });
  if (endedSession(response)) throw new Error(SIGNED_OUT);
  if (!response.ok) throw new Error((await errorOf(response)).error);
  return response.json();
}

/** `heldBack`: how many sections or documents show as saved, their drafts not resolving yet. */
export type PreviewResult = { ok: true; html: string; heldBack: number; hidden: string[] } | { ok: false; error: string };

export async function renderPreview(slug: string, files: Record<string, unknown>, signal: AbortSignal): Promise<PreviewResult> {
  const response = await fetch('/api/editor/preview', {
    method: 'POST',
    headers: asTabUser({ 'Content-Type': 'application/json' }),
    body: JSON.stringify({ slug, files }),
    signal,
  });
  if (response.ok) {
    const hidden = response.headers.get('x-preview-hidden');
    return { ok: true, html: await response.text(), heldBack: Number(response.headers.get('x-preview-held-back') ?? 0), hidden: hidden ? hidden.split(',') : [] };
  }
  if (endedSession(response)) return { ok: false, error: SIGNED_OUT };
  return { ok: false, error: (await errorOf(response)).error };
}

/** The uploaded images: GET /api/list-assets. */
export async function listAssets(signal?: AbortSignal): Promise<string[]> {
  const response = await fetch('/api/list-assets', { signal, cache: 'no-store' });
  if (endedSession(response)) throw new Error(SIGNED_OUT);
  if (!response.ok) throw new Error((await errorOf(response)).error);
  return response.json();
}

/** Each uploaded image's size, weight and whether it records a GPS position: GET /api/asset-details. */
export async function listAssetDetails(signal?: AbortSignal): Promise<AssetDetails[]> {
  const response = await fetch('/api/asset-details', { signal, cache: 'no-store', headers: asTabUser() });
  if (endedSession(response)) throw new Error(SIGNED_OUT);
  if (!response.ok) throw new Error((await errorOf(response)).error);
  return response.json();
}

export interface UploadBody {
  filename: string;
  /** The file, base64, without a `data:` prefix. */
  data: string;
  mimeType?: string;
  overwrite?: boolean;
}

/**
 * `locationRemoved`: the photo recorded where it was taken, and the server stored it without that
 * (its X-Location-Removed header). `caseTwin`: the 409 is for a name another image has in other
 * capitals (the server's answer names the issue), which Replace cannot mend.
 */
export type UploadOutcome = { ok: true; url: string; locationRemoved: boolean } | { ok: false; status: number; error: string; aborted?: boolean; caseTwin?: boolean };

/**
 * POST /api/upload-asset through XMLHttpRequest, which (unlike fetch) reports
 * the progress of the request body. `status` 0 means no answer.
 */
export function uploadAsset(body: UploadBody, onProgress: (fraction: number) => void): { result: Promise<UploadOutcome>; abort(): void } {
  const request = new XMLHttpRequest();
  const result = new Promise<UploadOutcome>((resolve) => {
    request.open('POST', '/api/upload-asset');
    for (const [name, value] of Object.entries(asTabUser({ 'Content-Type': 'application/json' }))) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      let answer: { url?: unknown; error?: unknown; issues?: unknown } = {};
      try {
        answer = JSON.parse(request.responseText);
      } catch {
        // not JSON: reported by status below
      }
      if (request.status === 200 && typeof answer.url === 'string') resolve({ ok: true, url: answer.url, locationRemoved: request.getResponseHeader(LOCATION_REMOVED_HEADER) === 'true' });
      else if (endedSession(request)) resolve({ ok: false, status: 401, error: `${SIGNED_OUT} Sign in again, then upload it again.` });
      else resolve({ ok: false, status: request.status, error: typeof answer.error === 'string' ? answer.error : `${request.status} ${request.statusText}`, ...(request.status === 409 && Array.isArray(answer.issues) && { caseTwin: true }) });
    };
    request.onerror = () => resolve({ ok: false, status: 0, error: UNREACHABLE });
    request.onabort = () => resolve({ ok: false, status: 0, error: 'The upload was cancelled.', aborted: true });
    request.send(JSON.stringify(body));
  });
  return { result, abort: () => request.abort() };
}

export type SessionCheck = { ok: true; user: EditorUser } | { ok: false; problem: string };

/** GET /api/auth/session: whether there is a session again, and whose. */
export async function checkSession(): Promise<SessionCheck> {
  let response: Response;
  try {
    response = await fetch('/api/auth/session', { cache: 'no-store' });
  } catch (error) {
    return { ok: false, problem: UNREACHABLE };
  }
  if (response.status === 401) return { ok: false, problem: 'You are still signed out: sign in in the other tab first.' };
  const answer = (await errorOf(response)) as { error?: string; user?: EditorUser };
  if (response.ok && answer.user && typeof answer.user.name === 'string' && (answer.user.role === 'editor' || answer.user.role === 'admin')) return { ok: true, user: answer.user };
  return { ok: false, problem: `The session could not be checked: ${answer.error ?? `${response.status} ${response.statusText}`}.` };
}

/** POST /api/auth/logout: ends the session on the server. A session already gone (401) counts as signed out. */
export async function signOut(): Promise<{ ok: true } | { ok: false; error: string }> {
  let response: Response;
  try {
    response = await fetch('/api/auth/logout', { method: 'POST', headers: asTabUser({ 'Content-Type': 'application/json' }), body: '{}' });
  } catch (error) {
    return { ok: false, error: 'the server could not be reached: check your connection, then try again.' };
  }
  if (response.ok || response.status === 401) return { ok: true };
  return { ok: false, error: `${(await errorOf(response)).error ?? `${response.status} ${response.statusText}`}.` };
}
