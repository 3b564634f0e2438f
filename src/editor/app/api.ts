/** The editor's calls to the dev server. */
import type { EditorDoc, EditorPayload } from '../lib/model';
import { projectStateFor } from '../lib/model';

export type SaveResult =
  | { status: 'saved'; version: string }
  | { status: 'invalid'; error: string; issues: { path: string; message: string }[] }
  | { status: 'conflict'; error: string }
  | { status: 'failed'; error: string };

async function errorOf(response: Response): Promise<{ error: string; issues?: { path: string; message: string }[] }> {
  try {
    return await response.json();
  } catch {
    return { error: `${response.status} ${response.statusText}` };
  }
}

export async function saveDoc(doc: EditorDoc, { overwrite = false } = {}): Promise<SaveResult> {
  const body = {
    projectState: projectStateFor(doc),
    slug: doc.saveSlug,
    ...(doc.version && !overwrite ? { baseVersion: doc.version } : {}),
  };
  let response: Response;
  try {
    response = await fetch('/api/save-to-file', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  } catch (error) {
    return { status: 'failed', error: `The dev server did not answer: ${(error as Error).message}` };
  }
  if (response.ok) return { status: 'saved', version: (response.headers.get('ETag') ?? '').replaceAll('"', '') };
  const problem = await errorOf(response);
  if (response.status === 400) return { status: 'invalid', error: problem.error, issues: problem.issues ?? [] };
  if (response.status === 409) return { status: 'conflict', error: problem.error };
  return { status: 'failed', error: problem.error };
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
