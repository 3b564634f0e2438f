/** Session cookies (src/server/auth/session-cookie.ts) and the live-session records (server/sessions-file.mjs). */
import { createHmac } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { endSession, endSessionsOf, findSession, keepSessionsSignedBy, MAX_SESSIONS_PER_USER, recordSession, sessionKey, sessionSigner, credentialOf } from '../../server/sessions-file.mjs';
import {
  clearedSessionCookie,
  newSessionId,
  sessionSetCookie,
  signSessionCookie,
  verifySessionCookie,
  type SessionClaims,
} from '../../src/server/auth/session-cookie';

const SECRET = 'a-session-secret-of-at-least-32-characters';
const NOW = Date.UTC(2026, 0, 31, 12);
const SIGNER = sessionSigner('the-first-session-secret-of-32-characters');
const NEW_SIGNER = sessionSigner('a-second-session-secret-of-32-characters');
/** Names a password hash; these tests check records, not passwords. */
const CREDENTIAL = credentialOf('scrypt$the-hash-of-the-password');
const claims: SessionClaims = { sessionId: newSessionId(), user: 'ada', expiresAt: NOW + 12 * 3_600_000 };

describe('session cookies', () => {
  it('verify when signed with the secret and not expired', () => {
    const check = verifySessionCookie(signSessionCookie(claims, SECRET), SECRET, NOW);
    expect(check).toEqual({ ok: true, claims });
  });

  it('carry a 32-byte random id', () => {
    expect(Buffer.from(claims.sessionId, 'base64url')).toHaveLength(32);
    expect(newSessionId()).not.toBe(newSessionId());
  });

  it('are refused when the payload is changed', () => {
    const [payload, signature] = signSessionCookie(claims, SECRET).split('.');
    const forged = Buffer.from(Buffer.from(payload!, 'base64url').toString().replace('"ada"', '"bob"')).toString('base64url');
    expect(verifySessionCookie(`${forged}.${signature}`, SECRET, NOW)).toEqual({ ok: false, reason: 'tampered' });
  });

  it('are refused when the signature is changed, cut or padded', () => {
    const value = signSessionCookie(claims, SECRET);
    const flipped = value.slice(0, -2) + (value.at(-2) === 'A' ? 'B' : 'A') + value.at(-1);
    expect(verifySessionCookie(flipped, SECRET, NOW).ok).toBe(false);
    expect(verifySessionCookie(value.slice(0, -4), SECRET, NOW).ok).toBe(false);
    expect(verifySessionCookie(`${value}==`, SECRET, NOW).ok).toBe(false);
  });

  it('are refused under another secret', () => {
    expect(verifySessionCookie(signSessionCookie(claims, SECRET), `${SECRET}!`, NOW)).toEqual({ ok: false, reason: 'tampered' });
  });

  it('are refused once expired', () => {
    const value = signSessionCookie(claims, SECRET);
    expect(verifySessionCookie(value, SECRET, claims.expiresAt - 1).ok).toBe(true);
    expect(verifySessionCookie(value, SECRET, claims.expiresAt)).toEqual({ ok: false, reason: 'expired' });
  });

  it('are refused when malformed, even if correctly signed', () => {
    const signed = (payload: unknown) => {
      const text = Buffer.from(JSON.stringify(payload)).toString('base64url');
      const mac = createHmac('sha256', SECRET).update(`content-site-engine editor session v1\n${text}`).digest('base64url');
      return `${text}.${mac}`;
    };
    // The helper signs as the module does: a well-formed payload passes, so the refusals below are about the payload.
    expect(verifySessionCookie(signed({ v: 1, sid: claims.sessionId, user: 'ada', exp: NOW / 1000 + 60 }), SECRET, NOW).ok).toBe(true);
    expect(verifySessionCookie(signed({ v: 1, sid: claims.sessionId, user: 'Ada', exp: NOW / 1000 + 60 }), SECRET, NOW)).toEqual({ ok: false, reason: 'malformed' });
    expect(verifySessionCookie(signed({ v: 1, sid: claims.sessionId, user: 'ada', exp: NOW / 1000 + 60, role: 'admin' }), SECRET, NOW).ok).toBe(false);
    for (const junk of [undefined, '', 'nodot', 'a.b.c', '.sig', 'x'.repeat(600)]) expect(verifySessionCookie(junk, SECRET, NOW).ok, String(junk)).toBe(false);
  });

  it('are HttpOnly, SameSite=Strict, Path=/, and Secure with the __Host- prefix over HTTPS', () => {
    expect(sessionSetCookie('v.s', { secure: false, maxAgeSeconds: 43_200 })).toBe('editor-session=v.s; Path=/; Max-Age=43200; HttpOnly; SameSite=Strict');
    expect(sessionSetCookie('v.s', { secure: true, maxAgeSeconds: 43_200 })).toBe('__Host-editor-session=v.s; Path=/; Max-Age=43200; HttpOnly; SameSite=Strict; Secure');
    expect(clearedSessionCookie(false)).toBe('editor-session=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict');
  });
});

describe('the sessions file', () => {
  let dir: string;
  let file: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sessions-file-'));
    file = join(dir, 'sessions.json');
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  const later = (ms: number) => NOW + ms;

  it('finds a recorded session until it is ended or expires', async () => {
    await recordSession(file, { sessionId: 's1', user: 'ada', expiresAt: later(1000), signer: SIGNER, credential: CREDENTIAL }, NOW);
    expect(await findSession(file, 's1', SIGNER, NOW)).toMatchObject({ user: 'ada' });
    expect(await findSession(file, 's1', SIGNER, later(1000))).toBeUndefined();
    expect(await findSession(file, 's2', SIGNER, NOW)).toBeUndefined();
    await endSession(file, 's1', NOW);
    expect(await findSession(file, 's1', SIGNER, NOW)).toBeUndefined();
  });

  it('stores a hash of the session id, never the id', async () => {
    await recordSession(file, { sessionId: 'the-secret-id', user: 'ada', expiresAt: later(1000), signer: SIGNER, credential: CREDENTIAL }, NOW);
    const text = await readFile(file, 'utf8');
    expect(text).not.toContain('the-secret-id');
    expect(text).toContain(sessionKey('the-secret-id'));
  });

  it('drops expired sessions when it writes', async () => {
    await recordSession(file, { sessionId: 'old', user: 'ada', expiresAt: later(10), signer: SIGNER, credential: CREDENTIAL }, NOW);
    await recordSession(file, { sessionId: 'new', user: 'bob', expiresAt: later(10_000), signer: SIGNER, credential: CREDENTIAL }, later(20));
    const { sessions } = JSON.parse(await readFile(file, 'utf8'));
    expect(sessions.map((record: { user: string }) => record.user)).toEqual(['bob']);
  });

  it('ends every session of one user, but the one kept', async () => {
    for (const id of ['a1', 'a2', 'a3']) await recordSession(file, { sessionId: id, user: 'ada', expiresAt: later(1000), signer: SIGNER, credential: CREDENTIAL }, NOW);
    await recordSession(file, { sessionId: 'b1', user: 'bob', expiresAt: later(1000), signer: SIGNER, credential: CREDENTIAL }, NOW);
    await endSessionsOf(file, 'ada', { keepSessionId: 'a2', now: NOW });
    expect(await findSession(file, 'a1', SIGNER, NOW)).toBeUndefined();
    expect(await findSession(file, 'a2', SIGNER, NOW)).toBeDefined();
    expect(await findSession(file, 'a3', SIGNER, NOW)).toBeUndefined();
    expect(await findSession(file, 'b1', SIGNER, NOW)).toBeDefined();
  });

  it('keeps at most a set number of sessions per user, ending the oldest', async () => {
    for (let index = 0; index <= MAX_SESSIONS_PER_USER; index++) await recordSession(file, { sessionId: `s${index}`, user: 'ada', expiresAt: later(1000), signer: SIGNER, credential: CREDENTIAL }, NOW);
    expect(await findSession(file, 's0', SIGNER, NOW)).toBeUndefined();
    expect(await findSession(file, 's1', SIGNER, NOW)).toBeDefined();
    expect(await findSession(file, `s${MAX_SESSIONS_PER_USER}`, SIGNER, NOW)).toBeDefined();
  });

  it('loses no session when many are recorded and ended at once', async () => {
    const ids = Array.from({ length: 12 }, (_, index) => `p${index}`);
    await Promise.all(ids.map((sessionId) => recordSession(file, { sessionId, user: 'ada', expiresAt: later(1000), signer: SIGNER, credential: CREDENTIAL }, NOW)));
    await Promise.all(ids.slice(0, 6).map((sessionId) => endSession(file, sessionId, NOW)));
    const found = await Promise.all(ids.map((id) => findSession(file, id, SIGNER, NOW)));
    expect(found.map(Boolean)).toEqual(ids.map((_, index) => index >= 6));
  });

  it('sees a change another process made (the file is replaced)', async () => {
    await recordSession(file, { sessionId: 's1', user: 'ada', expiresAt: later(1000), signer: SIGNER, credential: CREDENTIAL }, NOW);
    expect(await findSession(file, 's1', SIGNER, NOW)).toBeDefined();
    // Another server signs the user out: it renames a new file into place.
    const { writeFileAtomic } = await import('../../server/locked-file.mjs');
    await writeFileAtomic(file, JSON.stringify({ version: 1, sessions: [] }));
    expect(await findSession(file, 's1', SIGNER, NOW)).toBeUndefined();
  });

  it('is an error, naming the file, when broken', async () => {
    await writeFile(file, '{"version":1,"sessions":[{"id":"x"}]}');
    await expect(findSession(file, 's1', SIGNER, NOW)).rejects.toThrow(file);
  });

  it('ends the sessions of a replaced SESSION_SECRET for good: putting the secret back revives none', async () => {
    await recordSession(file, { sessionId: 'before', user: 'ada', expiresAt: later(10_000), signer: SIGNER, credential: CREDENTIAL }, NOW);
    // A cookie verifies only under the secret that signed it, and its record is found only under that secret too.
    expect(await findSession(file, 'before', NEW_SIGNER, NOW)).toBeUndefined();
    // The server starts with the new secret, and later with the old one again (a rolled-back configuration).
    await keepSessionsSignedBy(file, NEW_SIGNER, NOW);
    await keepSessionsSignedBy(file, SIGNER, NOW);
    expect(await findSession(file, 'before', SIGNER, NOW)).toBeUndefined();
  });

  it("keeps the sessions a start's own secret signed, and adopts those recorded before records named their secret", async () => {
    await recordSession(file, { sessionId: 'ours', user: 'ada', expiresAt: later(10_000), signer: SIGNER, credential: CREDENTIAL }, NOW);
    const { writeFileAtomic } = await import('../../server/locked-file.mjs');
    const { sessions } = JSON.parse(await readFile(file, 'utf8'));
    const unnamed = { id: sessionKey('older'), user: 'bob', createdAt: new Date(NOW).toISOString(), expiresAt: new Date(later(10_000)).toISOString() };
    await writeFileAtomic(file, JSON.stringify({ version: 1, sessions: [...sessions, unnamed] }));
    await keepSessionsSignedBy(file, SIGNER, NOW);
    expect(await findSession(file, 'ours', SIGNER, NOW)).toBeDefined();
    expect(await findSession(file, 'older', SIGNER, NOW)).toBeDefined();
    expect(JSON.parse(await readFile(file, 'utf8')).sessions.map((record: { signer?: string }) => record.signer)).toEqual([SIGNER, SIGNER]);
    // Adopted, they are no longer anybody's: a new secret ends them too.
    await keepSessionsSignedBy(file, NEW_SIGNER, NOW);
    expect(await findSession(file, 'older', NEW_SIGNER, NOW)).toBeUndefined();
  });

  it('names a secret without holding it', () => {
    expect(SIGNER).toMatch(/^[0-9a-f]{16}$/);
    expect(SIGNER).not.toBe(NEW_SIGNER);
    expect(sessionSigner('the-first-session-secret-of-32-characters')).toBe(SIGNER);
  });
});
