// @ts-check
// Adding, replacing and removing the editor's users: the rules `npm run users` and the admin
// endpoints share. Each change is one locked step on the users file (server/users-file.mjs),
// so its checks (does the name exist? is this the last admin?) hold when it is written; a
// removed user's sessions, and a replaced user's other sessions, end with it.
// Plain JavaScript so `npm run users` loads it without a build step.
import { hashPassword, passwordProblem } from './passwords.mjs';
import { credentialOf, endSessionsOf, sessionsFileFor } from './sessions-file.mjs';
import { adminCount, isUserName, ROLES, updateUsers, USER_NAME_RULE } from './users-file.mjs';

/** A change the rules refuse; `status` is the HTTP status the admin endpoints answer with. */
export class AccountError extends Error {
  /** @param {400 | 403 | 404 | 409} status @param {string} message */
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

/**
 * Refuses a change asked for by `actingUser` (an admin over HTTP) who is no admin in the users file
 * as it is now, under its lock: checked when the request came in, a demoted admin's request still
 * running made a new admin after the demotion.
 * @param {readonly import('./users-file.mjs').User[]} users @param {string | undefined} actingUser
 */
function refuseUnlessStillAdmin(users, actingUser) {
  if (actingUser === undefined) return; // npm run users: whoever runs it on the server
  if (users.find((user) => user.name === actingUser)?.role !== 'admin') throw new AccountError(403, 'Only an administrator can manage users, and you are no longer one: nothing was changed');
}

/** Why `role` is not a role, or undefined. */
export const roleProblem = (/** @type {unknown} */ role) =>
  typeof role === 'string' && /** @type {readonly string[]} */ (ROLES).includes(role) ? undefined : 'The role must be "editor" or "admin"';

/**
 * Adds a user, or with `replace` gives an existing one a new role and password.
 * Replacing ends that user's sessions (but `keepSessionId`, the session making
 * the change); demoting the last admin is refused.
 * @param {string} usersFile
 * @param {{ name: unknown, role: unknown, password: unknown, replace?: boolean, keepSessionId?: string, actingUser?: string }} request
 * @returns {Promise<{ created: boolean, user: import('./users-file.mjs').User }>}
 */
export async function addUser(usersFile, { name, role, password, replace = false, keepSessionId, actingUser }) {
  if (!isUserName(name)) throw new AccountError(400, `"${String(name)}" is not a valid user name: ${USER_NAME_RULE}`);
  const badRole = roleProblem(role);
  if (badRole) throw new AccountError(400, badRole);
  const badPassword = passwordProblem(password);
  if (badPassword) throw new AccountError(400, badPassword);
  const userName = /** @type {string} */ (name);
  // Hashed before the lock is taken: it is the slow part, and other changes need not wait for it.
  const passwordHash = await hashPassword(/** @type {string} */ (password));
  let created = true;
  /** @type {import('./users-file.mjs').User | undefined} */
  let user;
  await updateUsers(usersFile, (users) => {
    refuseUnlessStillAdmin(users, actingUser);
    const existing = users.find((other) => other.name === userName);
    if (existing && !replace) throw new AccountError(409, `A user named "${userName}" already exists (replace it to change their role or password)`);
    const next = { name: userName, role: /** @type {'editor' | 'admin'} */ (role), passwordHash, createdAt: existing?.createdAt ?? new Date().toISOString() };
    const updated = existing ? users.map((other) => (other === existing ? next : other)) : [...users, next];
    if (existing?.role === 'admin' && adminCount(updated) === 0) throw new AccountError(409, `"${userName}" is the last admin: add another admin before making them an editor`);
    created = !existing;
    user = next;
    return updated;
  });
  // A sign-in still checking the old password records its session after this: that record names the old hash, so it is
  // never live (sessionOf). Ending the sessions here tidies the file and ends those that began before records named hashes.
  if (!created) await endSessionsOf(sessionsFileFor(usersFile), userName, { keepSessionId, credential: credentialOf(passwordHash) });
  return { created, user: /** @type {import('./users-file.mjs').User} */ (user) };
}

/**
 * Removes a user and ends their sessions. The last admin cannot be removed while
 * other users remain, and neither can `actingUser` (an admin removing their own
 * account over HTTP).
 * @param {string} usersFile
 * @param {unknown} name
 * @param {{ actingUser?: string }} [options]
 * @returns {Promise<import('./users-file.mjs').User>}
 */
export async function removeUser(usersFile, name, { actingUser } = {}) {
  if (!isUserName(name)) throw new AccountError(400, `"${String(name)}" is not a valid user name: ${USER_NAME_RULE}`);
  if (name === actingUser) throw new AccountError(409, 'You cannot remove your own account: another admin can');
  /** @type {import('./users-file.mjs').User | undefined} */
  let removed;
  await updateUsers(usersFile, (users) => {
    refuseUnlessStillAdmin(users, actingUser);
    removed = users.find((user) => user.name === name);
    if (!removed) throw new AccountError(404, `There is no user named "${name}"`);
    const remaining = users.filter((user) => user !== removed);
    // Editors left without an admin could not be managed over HTTP; removing the very last user (switching the editor off) is fine.
    if (removed.role === 'admin' && adminCount(remaining) === 0 && remaining.length > 0) {
      throw new AccountError(409, `"${name}" is the last admin: make another user an admin before removing them`);
    }
    return remaining;
  });
  await endSessionsOf(sessionsFileFor(usersFile), /** @type {string} */ (name));
  return /** @type {import('./users-file.mjs').User} */ (removed);
}
