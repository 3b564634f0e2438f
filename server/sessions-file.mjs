// @ts-check
// The live sign-in sessions, kept beside the users file in sessions.json, so that signing out
// (or removing a user) ends a session for every server process sharing the folder, although
// the cookie itself would still verify until it expires.
//   { "version": 1, "sessions": [ { "id", "user", "createdAt", "expiresAt", "signer", "credential" } ] }
// `id` is the SHA-256 of the session id the cookie carries: the file alone cannot be replayed
// as cookies (they also need SESSION_SECRET). Expired sessions are dropped at every write.
// `signer` names (without revealing it) the SESSION_SECRET that signed the session's cookie: a
// server started with another secret ends every other secret's sessions, so changing the secret
// signs everyone out for good, and putting the old one back does not bring their sessions back.
// `credential` names the password hash the sign-in checked: a session is live only while its user
// still has that hash, so a sign-in that was checking the old password while it was changed (or
// while the user was removed and added again) starts no session that outlives the change.
// Plain JavaScript so the production server and `npm run users` load it without a build step.
import { createHash, createHmac } from 'node:crypto';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import { cachedReader, readTextIfExists, withFileLock, writeFileAtomic } from './locked-file.mjs';
import { describeIssues } from './zod-issues.mjs';

/** One user's live sessions are capped; a new sign-in beyond that ends their oldest. */
export const MAX_SESSIONS_PER_USER = 20;

/** @typedef {{ id: string, user: string, createdAt: string, expiresAt: string, signer?: string, credential?: string }} SessionRecord */

const SessionsFileSchema = z.strictObject({
  version: z.literal(1),
  sessions: z.array(
    z.strictObject({
      id: z.string().length(64),
      user: z.string().min(1),
      createdAt: z.iso.datetime(),
      expiresAt: z.iso.datetime(),
      // Absent in files written before it existed: the first start adopts them (keepSessionsSignedBy).
      signer: z.string().regex(/^[0-9a-f]{16}$/).optional(),
      // Absent in files written before it existed: such a session ends with its expiry, a sign-out or its user's removal.
      credential: z.string().regex(/^[0-9a-f]{16}$/).optional(),
    }),
  ),
});

/** sessions.json, in the folder of the users file. */
export const sessionsFileFor = (/** @type {string} */ usersFile) => join(dirname(usersFile), 'sessions.json');

/** How a session id is stored and looked up. */
export const sessionKey = (/** @type {string} */ sessionId) => createHash('sha256').update(sessionId, 'utf8').digest('hex');

/** sessions.json is not what this module writes. */
export class SessionsFileError extends Error {}

/**
 * Names a session secret in the file: a keyed hash, so the file tells secrets apart without
 * holding anything that helps to guess one.
 */
export const sessionSigner = (/** @type {string} */ secret) => createHmac('sha256', secret).update('content-site session signer').digest('hex').slice(0, 16);

/** Names a user's password hash in a session record (a hash of it: the file holds nothing to check a password against). */
export const credentialOf = (/** @type {string} */ passwordHash) => createHash('sha256').update(passwordHash, 'utf8').digest('hex').slice(0, 16);

/**
 * @param {string | undefined} text
 * @param {string} file
 * @returns {SessionRecord[]}
 */
function parseSessions(text, file) {
  if (text === undefined) return [];
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    throw new SessionsFileError(`The sessions file ${file} is not valid JSON; remove it to sign everyone out`);
  }
  const parsed = SessionsFileSchema.safeParse(data);
  if (!parsed.success) throw new SessionsFileError(`The sessions file ${file} is not valid (${describeIssues(parsed.error.issues).join('; ')}); remove it to sign everyone out`);
  return parsed.data.sessions;
}

/** The records by key, parsed again only when the file changed. */
const readSessions = cachedReader((text, file) => new Map(parseSessions(text, file).map((record) => [record.id, record])));

const isLive = (/** @type {SessionRecord} */ record, /** @type {number} */ now) => Date.parse(record.expiresAt) > now;

/**
 * Changes the sessions file as one step between processes: `change` gets the
 * live records (expired ones are dropped) and returns the ones to keep.
 * @param {string} file
 * @param {(sessions: SessionRecord[]) => SessionRecord[]} change
 * @param {number} now
 */
function updateSessions(file, change, now) {
  return withFileLock(file, async () => {
    const live = parseSessions(await readTextIfExists(file), file).filter((record) => isLive(record, now));
    await writeFileAtomic(file, `${JSON.stringify({ version: 1, sessions: change(live) }, null, 2)}\n`);
  });
}

/**
 * Records a new session for `user`, signed by the secret `signer` names, started with the password
 * hash `credential` names; their oldest sessions beyond the cap end.
 * @param {string} file
 * @param {{ sessionId: string, user: string, expiresAt: number, signer: string, credential: string }} session
 * @param {number} [now]
 */
export function recordSession(file, { sessionId, user, expiresAt, signer, credential }, now = Date.now()) {
  /** @type {SessionRecord} */
  const record = { id: sessionKey(sessionId), user, createdAt: new Date(now).toISOString(), expiresAt: new Date(expiresAt).toISOString(), signer, credential };
  return updateSessions(
    file,
    (sessions) => {
      const theirs = sessions.filter((other) => other.user === user);
      const dropped = new Set(theirs.slice(0, Math.max(0, theirs.length - MAX_SESSIONS_PER_USER + 1)));
      return [...sessions.filter((other) => !dropped.has(other)), record];
    },
    now,
  );
}

/**
 * The live record of a session id whose cookie the secret `signer` names signed, or undefined
 * when it was ended, expired, never existed or belongs to another secret.
 * @param {string} file
 * @param {string} sessionId
 * @param {string} signer
 * @param {number} [now]
 * @returns {Promise<SessionRecord | undefined>}
 */
export async function findSession(file, sessionId, signer, now = Date.now()) {
  const record = (await readSessions(file)).get(sessionKey(sessionId));
  return record && isLive(record, now) && (record.signer ?? signer) === signer ? record : undefined;
}

/**
 * Whether a session's record was started with the password hash its user has now: a record that
 * names another was started with a password since changed, or by a user since removed and added again.
 * @param {SessionRecord} record
 * @param {string} passwordHash
 */
export const startedWithPassword = (record, passwordHash) => record.credential === undefined || record.credential === credentialOf(passwordHash);

/**
 * At a server's start: ends the sessions another secret signed, and takes the ones recorded
 * before records named their secret (an upgrade) as this secret's.
 * @param {string} file
 * @param {string} signer
 * @param {number} [now]
 */
export async function keepSessionsSignedBy(file, signer, now = Date.now()) {
  const records = [...(await readSessions(file)).values()];
  if (records.every((record) => record.signer === signer)) return;
  await updateSessions(file, (sessions) => sessions.flatMap((record) => ((record.signer ?? signer) === signer ? [{ ...record, signer }] : [])), now);
}

/** Ends one session (signing out). */
export function endSession(/** @type {string} */ file, /** @type {string} */ sessionId, now = Date.now()) {
  const key = sessionKey(sessionId);
  return updateSessions(file, (sessions) => sessions.filter((record) => record.id !== key), now);
}

/**
 * Ends every session of `user` (removed, or given a new password), except the one
 * with id `keepSessionId` (an admin changing their own password stays signed in),
 * which is marked as started with the new password hash `credential` names.
 * @param {string} file
 * @param {string} user
 * @param {{ keepSessionId?: string, credential?: string, now?: number }} [options]
 */
export function endSessionsOf(file, user, { keepSessionId, credential, now = Date.now() } = {}) {
  const kept = keepSessionId === undefined ? undefined : sessionKey(keepSessionId);
  return updateSessions(
    file,
    (sessions) => sessions.flatMap((record) => (record.user !== user ? [record] : record.id === kept ? [{ ...record, ...(credential && { credential }) }] : [])),
    now,
  );
}
