/** The editor's calls to the dev server. */
import type { Change } from '../lib/content-ops';
import type { EditorDoc, EditorPayload } from '../lib/model';

/** A problem the server found, in the file it is in: `path` is a JSON pointer into that file. */
export interface FileIssue {
  file: string;
  path: string;
  message: string;
}

export type SaveResult =
  | { status: 'saved'; versions: Record<string, string | null>; rewritten: string[] }
  | { status: 'invalid'; error: string; issues: FileIssue[] }
  | { status: 'conflict'; error: string; conflicts: { file: string; currentVersion: string | null }[] }
  | { status: 'failed'; error: string };

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
 */
export async function saveDocs(docs: readonly EditorDoc[], baseVersions: Readonly<Record<string, string | null>> = {}): Promise<SaveResult> {
  return applyChanges(
    docs.map((doc) => ({
      op: 'put',
      file: doc.file,
      content: doc.data,
      baseVersion: Object.hasOwn(baseVersions, doc.file) ? baseVersions[doc.file]! : doc.version,
    })),
  );
}

/** What a save says when the session has ended: the changes stay, as a draft on this device too. */
const SIGNED_OUT = 'Your session has ended, so nothing was saved. Your changes are kept: sign in again at /editor/sign-in in another tab, then save.';

/** Applies a changeset (puts, deletes, moves) whole or not at all; `rewritten` lists the files the server changed to keep references whole. */
export async function applyChanges(changes: readonly Change[], message?: string): Promise<SaveResult> {
  let response: Response;
  try {
    response = await fetch('/api/content/changes', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ ...(message && { message }), changes }) });
  } catch (error) {
    return { status: 'failed', error: `The server did not answer, so nothing was saved: ${(error as Error).message}` };
  }
  const answer = await errorOf(response);
  if (response.ok) {
    const applied = answer as unknown as { versions: Record<string, string | null>; rewritten?: string[] };
    return { status: 'saved', versions: applied.versions, rewritten: applied.rewritten ?? [] };
  }
  if (response.status === 400) return { status: 'invalid', error: answer.error, issues: answer.issues ?? [] };
  if (response.status === 409) return { status: 'conflict', error: answer.error, conflicts: answer.conflicts ?? [] };
  if (response.status === 401) return { status: 'failed', error: SIGNED_OUT };
  return { status: 'failed', error: answer.error };
}

export async function loadState(): Promise<EditorPayload> {
  const response = await fetch('/api/editor/state');
  if (!response.ok) throw new Error((await errorOf(response)).error);
  return response.json();
}

export type PreviewResult = { ok: true; html: string } | { ok: false; error: string };

export async function renderPreview(slug: string, files: Record<string, unknown>, signal: AbortSignal): Promise<PreviewResult> {
  const response = await fetch('/api/editor/preview', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ slug, files }),
    signal,
  });
  if (response.ok) return { ok: true, html: await response.text() };
  return { ok: false, error: (await errorOf(response)).error };
}

/** The uploaded images: GET /api/list-assets. */
export async function listAssets(signal?: AbortSignal): Promise<string[]> {
  const response = await fetch('/api/list-assets', { signal, cache: 'no-store' });
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

export type UploadOutcome = { ok: true; url: string } | { ok: false; status: number; error: string; aborted?: boolean };

/**
 * POST /api/upload-asset through XMLHttpRequest, which (unlike fetch) reports
 * the progress of the request body. `status` 0 means no answer.
 */
export function uploadAsset(body: UploadBody, onProgress: (fraction: number) => void): { result: Promise<UploadOutcome>; abort(): void } {
  const request = new XMLHttpRequest();
  const result = new Promise<UploadOutcome>((resolve) => {
    request.open('POST', '/api/upload-asset');
    request.setRequestHeader('Content-Type', 'application/json');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      let answer: { url?: unknown; error?: unknown } = {};
      try {
        answer = JSON.parse(request.responseText);
      } catch {
        // not JSON: reported by status below
      }
      if (request.status === 200 && typeof answer.url === 'string') resolve({ ok: true, url: answer.url });
      else resolve({ ok: false, status: request.status, error: typeof answer.error === 'string' ? answer.error : `${request.status} ${request.statusText}` });
    };
    request.onerror = () => resolve({ ok: false, status: 0, error: 'The dev server did not answer.' });
    request.onabort = () => resolve({ ok: false, status: 0, error: 'The upload was cancelled.', aborted: true });
    request.send(JSON.stringify(body));
  });
  return { result, abort: () => request.abort() };
}
