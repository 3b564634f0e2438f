/** Passwords, the users file and the rules for adding and removing users (server/passwords.mjs, users-file.mjs, user-accounts.mjs). */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hashPassword, parsePasswordHash, passwordProblem, verifyPassword } from '../../server/passwords.mjs';
import { credentialOf, findSession, recordSession, sessionSigner, sessionsFileFor, startedWithPassword } from '../../server/sessions-file.mjs';

const SIGNER = sessionSigner('a-session-secret-of-at-least-32-characters');
/** Names a password hash; these tests check records, not passwords. */
const CREDENTIAL = credentialOf('scrypt$the-hash-of-the-password');
import { addUser, removeUser } from '../../server/user-accounts.mjs';
import { checkEditorConfig, currentUsers, isUserName, readUsers, updateUsers, UsersFileError, writeUsers } from '../../server/users-file.mjs';

const PASSWORD = 'correct horse battery';

describe('password hashes', () => {
  it('are scrypt with N=2^15, r=8, p=1, a 16-byte salt and a 64-byte key, and verify', async () => {
    const hash = await hashPassword(PASSWORD);
    const [scheme, n, r, p, salt, key] = hash.split('$');
    expect([scheme, n, r, p]).toEqual(['scrypt', '32768', '8', '1']);
    expect(Buffer.from(salt!, 'base64')).toHaveLength(16);
    expect(Buffer.from(key!, 'base64')).toHaveLength(64);
    expect(await verifyPassword(PASSWORD, hash)).toBe(true);
    expect(await verifyPassword('correct horse batterY', hash)).toBe(false);
    expect(await hashPassword(PASSWORD)).not.toBe(hash); // a fresh salt each time
  });

  it('compare the same password typed in another Unicode form as equal', async () => {
    const hash = await hashPassword('caf\u00e9 au lait chaud');
    expect(await verifyPassword('cafe\u0301 au lait chaud', hash)).toBe(true);
  });

  it('check a stand-in hash for a user that does not exist, and answer false', async () => {
    const started = performance.now();
    expect(await verifyPassword(PASSWORD, undefined)).toBe(false);
    // The stand-in costs what a real check costs: scrypt at N=2^15 takes tens of milliseconds, never none.
    expect(performance.now() - started).toBeGreaterThan(10);
  });

  it('refuse stored hashes that are not in the format, or ask for too much', () => {
    const salt = Buffer.alloc(16, 1).toString('base64');
    const key = Buffer.alloc(64, 2).toString('base64');
    expect(parsePasswordHash(`scrypt$32768$8$1$${salt}$${key}`)).toBeDefined();
    for (const bad of [
      `bcrypt$32768$8$1$${salt}$${key}`,
      `scrypt$30000$8$1$${salt}$${key}`, // not a power of two
      `scrypt$${2 ** 21}$8$1$${salt}$${key}`, // too costly
      `scrypt$032768$8$1$${salt}$${key}`,
      `scrypt$32768$8$1$${salt}!$${key}`,
      `scrypt$32768$8$1$AAAA$${key}`, // salt too short
      `scrypt$32768$8$1$${salt}`,
      '',
    ]) {
      expect(parsePasswordHash(bad), bad).toBeUndefined();
    }
  });

  it('need at least 12 characters', () => {
    expect(passwordProblem('eleven chars')).toBeUndefined();
    expect(passwordProblem('short one')).toMatch(/at least 12/);
    expect(passwordProblem('\u{1F511}'.repeat(11))).toMatch(/at least 12/); // characters, not bytes
    expect(passwordProblem('x'.repeat(1025))).toMatch(/at most 1024/);
  });
});

describe('user names', () => {
  it('are an allowlist: 1–64 of a–z, 0–9, ".", "_", "-", starting with a letter or digit', () => {
    for (const good of ['ada', 'a', 'ada.lovelace', 'ada_l-1', '1ada', 'a'.repeat(64)]) expect(isUserName(good), good).toBe(true);
    for (const bad of ['', 'Ada', '.ada', '-ada', '_ada', 'ada lovelace', 'ada/x', 'adá', 'a'.repeat(65), 'ada\n', 42]) expect(isUserName(bad), String(bad)).toBe(false);
  });
});

describe('the users file', () => {
  let dir: string;
  let file: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'users-file-'));
    file = join(dir, 'users.json');
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  const user = async (name: string, role: 'editor' | 'admin' = 'editor') => ({ name, role, passwordHash: await hashPassword(PASSWORD), createdAt: '2026-01-31T12:00:00.000Z' });

  it('is no users when it does not exist', async () => {
    expect(await readUsers(file)).toEqual([]);
    expect(await currentUsers(file)).toEqual([]);
  });

  it('round-trips, readable by its owner only', async () => {
    const users = [await user('ada', 'admin'), await user('bob')];
    await writeUsers(file, users);
    expect(await readUsers(file)).toEqual(users);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ version: 1, users });
    const { stat } = await import('node:fs/promises');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it('names unknown fields, at any level, and the file', async () => {
    await writeFile(file, JSON.stringify({ version: 1, extra: true, users: [{ ...(await user('ada')), email: 'ada@example.com' }] }));
    const error = await readUsers(file).catch((caught) => caught);
    expect(error).toBeInstanceOf(UsersFileError);
    expect(error.message).toContain(file);
    expect(error.message).toContain('unknown field "extra"');
    expect(error.message).toContain('users[0]: unknown field "email"');
  });

  it('is an error, never "no users", when broken', async () => {
    await writeFile(file, '{"version": 1, "users": [');
    await expect(readUsers(file)).rejects.toThrow(new RegExp(`${file}.*not valid JSON`));
    await expect(currentUsers(file)).rejects.toBeInstanceOf(UsersFileError);
    await writeFile(file, JSON.stringify({ version: 2, users: [] }));
    await expect(readUsers(file)).rejects.toThrow(/version: must be 1/);
  });

  it('refuses bad roles, names, hashes, dates and duplicates, each named', async () => {
    const ada = await user('ada');
    await writeFile(file, JSON.stringify({ version: 1, users: [{ ...ada, role: 'owner', name: 'Ada', passwordHash: 'hunter2', createdAt: 'yesterday' }, ada] }));
    const message = (await readUsers(file).catch((error) => error)).message;
    expect(message).toContain('users[0].role: must be "editor" or "admin"');
    expect(message).toContain('users[0].name: a user name is');
    expect(message).toContain('users[0].passwordHash: must be a hash');
    expect(message).toContain('users[0].createdAt: must be a date');
    await writeFile(file, JSON.stringify({ version: 1, users: [ada, ada] }));
    await expect(readUsers(file)).rejects.toThrow('users[1].name: "ada" is listed more than once');
  });

  it('is read again when it changes, even by another process', async () => {
    await writeUsers(file, [await user('ada', 'admin')]);
    expect((await currentUsers(file)).map((u) => u.role)).toEqual(['admin']);
    // As another process would: a new file renamed over the old one.
    await writeUsers(file, [await user('ada', 'editor')]);
    expect((await currentUsers(file)).map((u) => u.role)).toEqual(['editor']);
  });

  it('loses no change when several are made at once', async () => {
    const names = ['a1', 'a2', 'a3', 'a4', 'a5', 'a6'];
    const made = await Promise.all(names.map((name) => user(name)));
    await Promise.all(made.map((one) => updateUsers(file, (users) => [...users, one])));
    expect((await readUsers(file)).map((u) => u.name).sort()).toEqual(names);
  });

  it('makes the server refuse to start with users and no SESSION_SECRET', async () => {
    const users = [await user('ada', 'admin')];
    expect(checkEditorConfig({ sessionSecret: undefined, usersFile: file }, users)).toMatch(/SESSION_SECRET is not set/);
    expect(checkEditorConfig({ sessionSecret: 'x'.repeat(32), usersFile: file }, users)).toBeUndefined();
    expect(checkEditorConfig({ sessionSecret: undefined, usersFile: file }, [])).toBeUndefined();
  });
});

describe('adding and removing users', () => {
  let dir: string;
  let file: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'user-accounts-'));
    file = join(dir, 'users.json');
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('adds, refuses a taken name unless replacing, and replacing ends the user’s other sessions', async () => {
    const { created } = await addUser(file, { name: 'ada', role: 'admin', password: PASSWORD });
    expect(created).toBe(true);
    await expect(addUser(file, { name: 'ada', role: 'editor', password: PASSWORD })).rejects.toMatchObject({ status: 409 });
    const sessions = sessionsFileFor(file);
    const later = Date.now() + 3_600_000;
    await recordSession(sessions, { sessionId: 'kept', user: 'ada', expiresAt: later, signer: SIGNER, credential: CREDENTIAL });
    await recordSession(sessions, { sessionId: 'other', user: 'ada', expiresAt: later, signer: SIGNER, credential: CREDENTIAL });
    await addUser(file, { name: 'bob', role: 'admin', password: PASSWORD });
    const replaced = await addUser(file, { name: 'ada', role: 'editor', password: 'a new password!', replace: true, keepSessionId: 'kept' });
    expect(replaced.created).toBe(false);
    expect(replaced.user.createdAt).toBe((await readUsers(file)).find((u) => u.name === 'ada')!.createdAt);
    expect(await findSession(sessions, 'kept', SIGNER)).toBeDefined();
    expect(await findSession(sessions, 'other', SIGNER)).toBeUndefined();
  });

  it('a sign-in that checked the old password is over once the password changes, even when its session is recorded after the change', async () => {
    await addUser(file, { name: 'ada', role: 'admin', password: PASSWORD });
    const hashOf = async (name: string) => (await readUsers(file)).find((user) => user.name === name)!.passwordHash;
    const oldHash = await hashOf('ada');
    const sessions = sessionsFileFor(file);
    const later = Date.now() + 3_600_000;
    await recordSession(sessions, { sessionId: 'mine', user: 'ada', expiresAt: later, signer: SIGNER, credential: credentialOf(oldHash) });
    await addUser(file, { name: 'ada', role: 'admin', password: 'a new password!', replace: true, keepSessionId: 'mine' });
    const newHash = await hashOf('ada');
    // The sign-in verified the old hash before the change, and records its session after it.
    await recordSession(sessions, { sessionId: 'late', user: 'ada', expiresAt: later, signer: SIGNER, credential: credentialOf(oldHash) });
    expect(startedWithPassword((await findSession(sessions, 'late', SIGNER))!, newHash)).toBe(false);
    // The admin who made the change keeps theirs, now marked with the new password.
    expect(startedWithPassword((await findSession(sessions, 'mine', SIGNER))!, newHash)).toBe(true);
    // Removed and added again with the same password: a new salt, a new hash, so the old sessions do not come back.
    await addUser(file, { name: 'bob', role: 'editor', password: PASSWORD });
    const bobs = credentialOf(await hashOf('bob'));
    await removeUser(file, 'bob');
    await recordSession(sessions, { sessionId: 'bobs', user: 'bob', expiresAt: later, signer: SIGNER, credential: bobs });
    await addUser(file, { name: 'bob', role: 'editor', password: PASSWORD });
    expect(startedWithPassword((await findSession(sessions, 'bobs', SIGNER))!, await hashOf('bob'))).toBe(false);
  });

  it('refuses a change by an admin demoted or removed meanwhile, checked under the file’s lock: their request in flight once made an admin', async () => {
    await addUser(file, { name: 'ada', role: 'admin', password: PASSWORD });
    await addUser(file, { name: 'cy', role: 'admin', password: PASSWORD });
    await addUser(file, { name: 'cy', role: 'editor', password: PASSWORD, replace: true, actingUser: 'ada' });
    await expect(addUser(file, { name: 'backdoor', role: 'admin', password: PASSWORD, actingUser: 'cy' })).rejects.toMatchObject({ status: 403 });
    await expect(removeUser(file, 'ada', { actingUser: 'cy' })).rejects.toMatchObject({ status: 403 });
    await expect(addUser(file, { name: 'dee', role: 'editor', password: PASSWORD, actingUser: 'gone' })).rejects.toMatchObject({ status: 403 });
    expect((await readUsers(file)).map(({ name, role }) => `${name}:${role}`)).toEqual(['ada:admin', 'cy:editor']);
  });

  it('refuses bad names, roles and passwords before writing anything', async () => {
    await expect(addUser(file, { name: '../ada', role: 'admin', password: PASSWORD })).rejects.toMatchObject({ status: 400 });
    await expect(addUser(file, { name: 'ada', role: 'root', password: PASSWORD })).rejects.toMatchObject({ status: 400 });
    await expect(addUser(file, { name: 'ada', role: 'admin', password: 'short' })).rejects.toMatchObject({ status: 400 });
    expect(await readUsers(file)).toEqual([]);
  });

  it('keeps an admin while other users remain, and never removes the acting admin', async () => {
    await addUser(file, { name: 'ada', role: 'admin', password: PASSWORD });
    await addUser(file, { name: 'bob', role: 'editor', password: PASSWORD });
    await expect(addUser(file, { name: 'ada', role: 'editor', password: PASSWORD, replace: true })).rejects.toThrow(/last admin/);
    await expect(removeUser(file, 'ada')).rejects.toThrow(/last admin/);
    await expect(removeUser(file, 'bob', { actingUser: 'bob' })).rejects.toThrow(/your own account/);
    await expect(removeUser(file, 'zed')).rejects.toMatchObject({ status: 404 });
    await recordSession(sessionsFileFor(file), { sessionId: 'bobs', user: 'bob', expiresAt: Date.now() + 60_000, signer: SIGNER, credential: CREDENTIAL });
    await removeUser(file, 'bob', { actingUser: 'ada' });
    expect(await findSession(sessionsFileFor(file), 'bobs', SIGNER)).toBeUndefined();
    await removeUser(file, 'ada'); // the very last user: the editor is off
    expect(await readUsers(file)).toEqual([]);
  });
});
