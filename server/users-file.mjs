// @ts-check
// The editor's users: one JSON file outside the repository (EDITOR_USERS_FILE, by default
// .content-store/users.json, git-ignored), managed by `npm run users` and the admin endpoints.
//   { "version": 1, "users": [ { "name", "role": "editor" | "admin", "passwordHash", "createdAt" } ] }
// A file that does not match is an error naming the file and every problem (unknown fields
// included): never read as "no users", which would switch the editor off without a word.
// Plain JavaScript so the production server and `npm run users` load it without a build step.
import { z } from 'zod';
import { cachedReader, readTextIfExists, withFileLock, writeFileAtomic } from './locked-file.mjs';
import { parsePasswordHash } from './passwords.mjs';
import { describeIssues } from './zod-issues.mjs';

export const ROLES = /** @type {const} */ (['editor', 'admin']);
/** @typedef {typeof ROLES[number]} Role */
/** @typedef {{ name: string, role: Role, passwordHash: string, createdAt: string }} User */

export const MAX_USER_NAME_LENGTH = 64;
export const USER_NAME_RULE = `a user name is 1–${MAX_USER_NAME_LENGTH} characters: lowercase letters a–z, digits, ".", "_" and "-", starting with a letter or digit`;
const NAME_FIRST = new Set('abcdefghijklmnopqrstuvwxyz0123456789');
const NAME_REST = new Set([...NAME_FIRST, '.', '_', '-']);

/** Whether `name` is a user name: an allowlist of characters, so names are safe in logs, cookies and URLs. */
export function isUserName(/** @type {unknown} */ name) {
  if (typeof name !== 'string' || name.length === 0 || name.length > MAX_USER_NAME_LENGTH) return false;
  return NAME_FIRST.has(name[0] ?? '') && [...name].every((char) => NAME_REST.has(char));
}

const UserSchema = z.strictObject({
  name: z.string().refine(isUserName, USER_NAME_RULE),
  role: z.enum(ROLES, { error: 'must be "editor" or "admin"' }),
  passwordHash: z.string().refine((hash) => parsePasswordHash(hash) !== undefined, 'must be a hash made by `npm run users` (scrypt$N$r$p$salt$hash)'),
  createdAt: z.iso.datetime({ error: 'must be a date and time like 2026-01-31T12:00:00.000Z' }),
});

const UsersFileSchema = z
  .strictObject({
    version: z.literal(1, { error: 'must be 1' }),
    users: z.array(UserSchema),
  })
  .superRefine(({ users }, context) => {
    const seen = new Set();
    users.forEach(({ name }, index) => {
      if (seen.has(name)) context.addIssue({ code: 'custom', path: ['users', index, 'name'], message: `"${name}" is listed more than once` });
      seen.add(name);
    });
  });

/** The users file cannot be used: the message names the file and what is wrong. */
export class UsersFileError extends Error {}

/**
 * The users in a users file's text; `undefined` text (no file) is no users.
 * @param {string | undefined} text
 * @param {string} file named in errors
 * @returns {User[]}
 */
export function parseUsers(text, file) {
  if (text === undefined) return [];
  let data;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new UsersFileError(`The users file ${file} is not valid JSON (${/** @type {Error} */ (error).message}); fix or remove it`);
  }
  const parsed = UsersFileSchema.safeParse(data);
  if (!parsed.success) {
    throw new UsersFileError(`The users file ${file} is not valid:\n${describeIssues(parsed.error.issues).map((line) => `  ${line}`).join('\n')}`);
  }
  return parsed.data.users;
}

/**
 * Every user in `file`, read now; a missing file is no users.
 * @param {string} file
 * @returns {Promise<User[]>}
 */
export async function readUsers(file) {
  return parseUsers(await readTextIfExists(file), file);
}

/**
 * Every user in `file`, parsed again only when the file changed: the gate calls
 * this on every request, so a role change or a removal applies to the next one.
 * @type {(file: string) => Promise<User[]>}
 */
export const currentUsers = cachedReader(parseUsers);

/**
 * Writes `users` to `file` whole (atomically), after checking them as a read would.
 * Call it inside `updateUsers`, or two writers could each lose the other's change.
 * @param {string} file
 * @param {User[]} users
 */
export async function writeUsers(file, users) {
  const text = `${JSON.stringify({ version: 1, users }, null, 2)}\n`;
  parseUsers(text, file);
  await writeFileAtomic(file, text);
}

/**
 * Changes the users file as one step between every process sharing it: under
 * its lock, reads it, lets `change` return the new list (or throw to change
 * nothing), and writes that. Returns what `change` returned.
 * @template {User[]} T
 * @param {string} file
 * @param {(users: User[]) => T | Promise<T>} change
 * @returns {Promise<T>}
 */
export function updateUsers(file, change) {
  return withFileLock(file, async () => {
    const next = await change(await readUsers(file));
    await writeUsers(file, next);
    return next;
  });
}

/** How many of `users` are admins. */
export const adminCount = (/** @type {User[]} */ users) => users.filter((user) => user.role === 'admin').length;

/**
 * Why the production server must not start with this configuration and these
 * users, or undefined. With users the editor is on, and its sessions are signed
 * with SESSION_SECRET: without it nobody could sign in, or worse, a default
 * secret would let anyone forge a session.
 * @param {{ sessionSecret: string | undefined, usersFile: string }} config
 * @param {User[]} users
 * @returns {string | undefined}
 */
export function checkEditorConfig(config, users) {
  if (users.length === 0 || config.sessionSecret) return undefined;
  const count = users.length === 1 ? 'one user' : `${users.length} users`;
  return (
    `The users file ${config.usersFile} has ${count}, so the editor is on, but SESSION_SECRET is not set. ` +
    'Set it to a random value of at least 32 characters (make one with `openssl rand -base64 32`), ' +
    'the same on every server that shares the users file.'
  );
}
