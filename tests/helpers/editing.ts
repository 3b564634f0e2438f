/** What the production-server tests do as an editor, and as the git host's webhook. */
import { createHmac } from 'node:crypto';
import { expect } from 'vitest';
import { raw, type RawResponse } from './http';
import type { RunningServer } from './servers';
import type { Session } from './sessions';

/** The secret the tests' servers check the webhook's signature with (CONTENT_WEBHOOK_SECRET). */
export const WEBHOOK_SECRET = 'webhook-secret-0123456789';

/** The git host's signed push notification, as `POST /api/content/sync` expects it. */
export function postWebhook(server: RunningServer, body = '{"ref":"refs/heads/main"}') {
  const signature = `sha256=${createHmac('sha256', WEBHOOK_SECRET).update(body).digest('hex')}`;
  return raw(server.origin, { method: 'POST', path: '/api/content/sync', headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature, 'content-length': Buffer.byteLength(body) }, body });
}

/** What a server's editor loads: every document with its version, and the images. */
export async function editorState(session: Session) {
  const response = await session.get('/api/editor/state');
  expect(response.status).toBe(200);
  return response.json<{ docs: { file: string; data: any; version: string }[]; images: { url: string; version: string }[] }>();
}

/** A put of `file` with its meta title changed, based on what `session`'s server has. */
export async function retitled(session: Session, file: string, title: string) {
  const doc = (await editorState(session)).docs.find((candidate) => candidate.file === file)!;
  return { op: 'put', file, content: { ...doc.data, meta: { ...doc.data.meta, title } }, baseVersion: doc.version };
}

/** Waits until the publication of `saved`, an accepted save, is live, asking as `session`; returns the save's answer. */
export async function untilLive(session: Session, saved: RawResponse): Promise<RawResponse> {
  expect(saved.status, saved.text).toBe(200);
  const { ticket } = saved.json<{ publish: { ticket: number } }>().publish;
  await expect
    .poll(async () => (await session.get(`/api/content/publishing?ticket=${ticket}`)).json<{ state: string }>().state, { timeout: 20_000, interval: 50 })
    .toBe('live');
  return saved;
}

/** A new page file made from about.json: at `slug` (its id made from it), with `extra` top-level fields and, if given, its own title. */
export async function newPage(session: Session, slug: string, extra: Record<string, unknown> = {}, title?: string) {
  const about = (await editorState(session)).docs.find((doc) => doc.file === 'pages/about.json')!.data;
  const meta = title === undefined ? about.meta : { ...about.meta, title };
  return { op: 'put', file: `pages/${slug}.json`, content: { ...about, id: slug.replaceAll('/', '-'), slug, meta, ...extra }, baseVersion: null };
}
