/**
 * Sign-in, sessions and roles on the real production server: one build of a
 * project copy, users added by the real `npm run users` command (the password
 * on stdin), and `server/index.mjs` started with SESSION_SECRET. The server
 * trusts a proxy (TRUST_PROXY=1), so each test can speak from its own client
 * address through X-Forwarded-For, and the per-address limit of one test does
 * not spill into the next.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readUsers, writeUsers } from '../../server/users-file.mjs';
import { postJson, raw, type RawResponse } from '../helpers/http';
import { PROJECT_ROOT } from '../helpers/project-copy';
import { builtProdServer, startProdServer, userEnv } from '../helpers/servers';

const SESSION_SECRET = 'an-integration-test-secret-of-enough-length';
const PASSWORD = 'correct horse battery staple';
let dir: string;
let usersFile: string;
let auditLog: string;
let prod: Awaited<ReturnType<typeof builtProdServer>>;
let origin: string;

/** Runs the real `npm run users` command (as `node scripts/users.ts`, what the script is) with `stdin`. */
async function usersCli(args: string[], stdin: string) {
  const child = promisify(execFile)(process.execPath, [join(PROJECT_ROOT, 'scripts', 'users.ts'), ...args], { env: { ...userEnv(), EDITOR_USERS_FILE: usersFile, EDITOR_AUDIT_LOG: auditLog } });
  child.child.stdin!.end(stdin);
  return child;
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'auth-prod-'));
  usersFile = join(dir, 'users.json');
  auditLog = join(dir, 'audit.log');
  for (const [name, role] of [['ada', 'admin'], ['eve', 'editor'], ['dora', 'editor']]) await usersCli(['add', name!, '--role', role!], `${PASSWORD}\n`);
  prod = await builtProdServer('auth-prod', { SESSION_SECRET, EDITOR_USERS_FILE: usersFile, EDITOR_AUDIT_LOG: auditLog, TRUST_PROXY: '1' });
  origin = prod.server.origin;
});

afterAll(async () => {
  await prod?.stop();
  await rm(dir, { recursive: true, force: true });
});

let clients = 0;
/** A client address of its own (through the trusted proxy), so each test's failures are counted apart. */
const newClient = () => ({ 'x-forwarded-for': `198.51.100.${++clients}` });

const login = (username: string, password: string, headers: Record<string, string> = newClient()) => postJson(origin, '/api/auth/login', { username, password }, headers);
const setCookies = (response: RawResponse) => ([] as string[]).concat(response.headers['set-cookie'] ?? []);
const cookieOf = (response: RawResponse) => setCookies(response)[0]!.split(';')[0]!;

async function signIn(username: string) {
  const response = await login(username, PASSWORD);
  expect(response.status, response.text).toBe(200);
  const cookie = cookieOf(response);
  return {
    cookie,
    get: (path: string, headers: Record<string, string> = {}) => raw(origin, { path, headers: { cookie, ...headers } }),
    post: (path: string, body: unknown, headers: Record<string, string> = {}) => postJson(origin, path, body, { cookie, ...headers }),
    delete: (path: string, headers: Record<string, string> = {}) => raw(origin, { method: 'DELETE', path, headers: { cookie, origin, ...headers } }),
  };
}

describe('without a session', () => {
  it('every editor API answers 401 {error}, whatever the spelling of its path', async () => {
    const answers = [
      await raw(origin, { path: '/api/editor/state' }),
      await raw(origin, { path: '/api/editor/%73tate' }),
      await postJson(origin, '/api/editor/preview', { slug: 'home', files: {} }),
      await postJson(origin, '/api/content/changes', { changes: [] }),
      await raw(origin, { path: '/api/auth/users' }),
      await postJson(origin, '/api/auth/users', { name: 'mallory', role: 'admin', password: PASSWORD }),
      await raw(origin, { method: 'DELETE', path: '/api/auth/users/ada', headers: { origin } }),
      await postJson(origin, '/api/upload-asset', { filename: 'x.png', data: '' }),
      await raw(origin, { path: '/api/auth/session' }),
    ];
    for (const answer of answers) {
      expect(answer.status, answer.text).toBe(401);
      expect(Object.keys(answer.json())).toEqual(['error']);
    }
    // A dot segment is refused before anything reads the path (400), so no spelling reaches a route past the gate.
    for (const path of ['/api/public-page/%2e%2e/editor/state', '/api/public-page//../editor/state', '/api/auth/login/../users']) {
      expect((await raw(origin, { path })).json(), path).toEqual({ error: expect.stringMatching(/\. or \.\. segment/) });
    }
  });

  it('the editor redirects (303) to the sign-in page, which leads back', async () => {
    for (const [path, location] of [
      ['/editor', '/editor/sign-in'],
      ['/editor/', '/editor/sign-in'],
      ['/editor/home', '/editor/sign-in?next=%2Feditor%2Fhome'],
      ['/editor/%68ome', '/editor/sign-in?next=%2Feditor%2Fhome'],
    ]) {
      const response = await raw(origin, { path: path! });
      expect(response.status, path).toBe(303);
      expect(response.headers.location, path).toBe(location);
    }
    const page = await raw(origin, { path: '/editor/sign-in?next=%2Feditor%2Fhome' });
    expect(page.status).toBe(200);
    expect(page.text).toContain('autocomplete="username"');
    expect(page.text).toContain('autocomplete="current-password"');
    expect(page.text).toContain('role="alert"');
    expect(page.text).toContain('data-next="/editor/home"');
    expect((await raw(origin, { path: '/editor/sign-in?next=https://evil.example/' })).text).toContain('data-next="/editor"');
    // Dot segments that leave `//editor/x`: the page would send the browser to the host `editor`.
    for (const next of ['/a/..//editor/x', '/a/%2e%2e//editor/x', '/\\evil.example/editor']) {
      expect((await raw(origin, { path: `/editor/sign-in?next=${encodeURIComponent(next)}` })).text, next).toContain('data-next="/editor"');
    }
  });

  it('visitors, the page API and the asset list need none', async () => {
    expect((await raw(origin, { path: '/' })).status).toBe(200);
    expect((await raw(origin, { path: '/api/public-page/home' })).status).toBe(200);
    expect((await raw(origin, { path: '/api/list-assets' })).status).toBe(200);
    const missing = await raw(origin, { path: '/nope/' });
    expect(missing.status).toBe(404);
    expect(missing.text).toContain('This page does not exist');
  });
});

describe('signing in', () => {
  it('refuses a wrong password and an unknown name with the same 401', async () => {
    const wrong = await login('eve', 'not the password at all');
    const unknown = await login('nobody', PASSWORD);
    expect([wrong.status, unknown.status]).toEqual([401, 401]);
    expect(wrong.json()).toEqual(unknown.json());
    expect(setCookies(wrong)).toEqual([]);
  });

  it('refuses malformed bodies with 400, naming unknown fields', async () => {
    const response = await postJson(origin, '/api/auth/login', { username: 'ada', password: PASSWORD, remember: true }, newClient());
    expect(response.status).toBe(400);
    expect(response.json().error).toContain('unknown field "remember"');
    expect((await postJson(origin, '/api/auth/login', 'not json', newClient())).status).toBe(400);
  });

  it('lets no other site frame the editor or its sign-in page (clickjacking); visitor pages are not the editor', async () => {
    const ada = await signIn('ada');
    for (const answer of [await ada.get('/editor'), await ada.get('/editor/home'), await raw(origin, { path: '/editor/sign-in' }), await raw(origin, { path: '/editor/home' })]) {
      expect(answer.headers['content-security-policy'], answer.text.slice(0, 80)).toBe("frame-ancestors 'self'");
      expect(answer.headers['x-frame-options']).toBe('SAMEORIGIN');
    }
    expect((await ada.get('/editor')).status).toBe(200);
    expect((await raw(origin, { path: '/about/' })).headers['x-frame-options']).toBeUndefined();
  });

  it('refuses a cross-origin sign-in and cross-origin writes with 403', async () => {
    const evil = { origin: 'https://evil.example' };
    expect((await login('ada', PASSWORD, { ...newClient(), ...evil })).status).toBe(403);
    const ada = await signIn('ada');
    expect((await ada.post('/api/content/changes', { changes: [] }, evil)).status).toBe(403);
    expect((await ada.delete('/api/auth/users/eve', evil)).status).toBe(403);
    expect((await ada.post('/api/auth/logout', {}, evil)).status).toBe(403);
  });

  it('refuses, as signed out, a request from a tab another user opened: someone else signed in on this browser since', async () => {
    const ada = await signIn('ada');
    const asTab = (name: string) => ({ 'x-editor-user': encodeURIComponent(name) });
    expect((await ada.get('/api/editor/state', asTab('ada'))).status).toBe(200);
    // grace's tab, still open, saves after ada signed in on the same browser: nothing is done under ada's session.
    const refused = await ada.post('/api/content/changes', { changes: [] }, asTab('grace'));
    expect(refused.status).toBe(401);
    expect(refused.json()).toEqual({ error: "Someone else (ada) is signed in on this browser now, and this tab is another user's: nothing was done. Reload to go on as ada." });
    // Marked, so that the editor asks who is signed in at once rather than call the session ended.
    expect(refused.headers['x-editor-other-user']).toBe('1');
    expect((await raw(origin, { path: '/api/editor/state' })).headers['x-editor-other-user']).toBeUndefined();
    expect((await ada.get('/api/editor/state', asTab('grace'))).status).toBe(401);
    expect((await ada.post('/api/auth/logout', {}, asTab('grace'))).status).toBe(401);
    expect((await ada.get('/api/editor/state', { 'x-editor-user': '%E0%A4%A' })).status).toBe(401);
    // The session itself is untouched, and asking who is signed in (the editor asks without naming a user) answers ada.
    expect((await ada.get('/api/auth/session')).json()).toMatchObject({ user: { name: 'ada' } });
  });

  it('after 5 failures for one name, answers 429 with Retry-After, without checking the password', async () => {
    for (let attempt = 0; attempt < 5; attempt++) expect((await login('dora', 'wrong password here')).status).toBe(401);
    const refused = await login('dora', PASSWORD);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(800);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(900);
    expect(refused.json().error).toMatch(/Too many failed sign-ins/);
    expect(setCookies(refused)).toEqual([]);
  });

  it('after 20 failures from one address, answers 429 to it, and only to it', async () => {
    const address = newClient();
    for (let attempt = 0; attempt < 20; attempt++) expect((await login(`guess${attempt}`, 'wrong password here', address)).status).toBe(401);
    expect((await login('ada', PASSWORD, address)).status).toBe(429);
    expect((await login('ada', PASSWORD)).status).toBe(200);
  });

  it('sets an HttpOnly, SameSite=Strict, Path=/ cookie for 12 hours, Secure behind an HTTPS proxy', async () => {
    const plain = setCookies(await login('ada', PASSWORD))[0]!;
    expect(plain).toMatch(/^editor-session=[\w-]+\.[\w-]+; /);
    expect(plain.split('; ').slice(1).sort()).toEqual(['HttpOnly', 'Max-Age=43200', 'Path=/', 'SameSite=Strict']);
    const secure = setCookies(await login('ada', PASSWORD, { ...newClient(), 'x-forwarded-proto': 'https' }))[0]!;
    expect(secure).toMatch(/^__Host-editor-session=/);
    expect(secure.split('; ')).toContain('Secure');
  });

  it('opens the editor and its APIs, and the sign-in page moves on', async () => {
    const ada = await signIn('ada');
    expect((await ada.get('/api/editor/state')).status).toBe(200);
    expect((await ada.get('/api/auth/session')).json()).toEqual({ user: { name: 'ada', role: 'admin' } });
    const editor = await ada.get('/editor/home');
    expect(editor.status).toBe(200);
    expect(editor.headers['content-type']).toContain('text/html');
    const signInPage = await ada.get('/editor/sign-in?next=%2Feditor%2Fhome');
    expect([signInPage.status, signInPage.headers.location]).toEqual([303, '/editor/home']);
  });

  it('logout ends the session: the old cookie gives 401 from then on', async () => {
    const eve = await signIn('eve');
    const out = await eve.post('/api/auth/logout', {});
    expect(out.status).toBe(200);
    expect(out.json()).toEqual({ ok: true });
    expect(setCookies(out)[0]).toMatch(/^editor-session=; .*Max-Age=0/);
    expect((await eve.get('/api/editor/state')).status).toBe(401);
    expect((await eve.get('/api/auth/session')).status).toBe(401);
    expect((await eve.get('/editor/home')).status).toBe(303);
  });

  it('refuses a forged or tampered cookie', async () => {
    const ada = await signIn('ada');
    const [payload, signature] = ada.cookie.split('=')[1]!.split('.');
    const forged = Buffer.from(Buffer.from(payload!, 'base64url').toString().replace('"ada"', '"eve"')).toString('base64url');
    expect((await raw(origin, { path: '/api/editor/state', headers: { cookie: `editor-session=${forged}.${signature}` } })).status).toBe(401);
  });
});

describe('roles', () => {
  it('an editor gets 403 from the admin endpoints, and can edit', async () => {
    const eve = await signIn('eve');
    expect((await eve.get('/api/editor/state')).status).toBe(200);
    expect((await eve.get('/api/auth/users')).status).toBe(403);
    expect((await eve.post('/api/auth/users', { name: 'mallory', role: 'admin', password: PASSWORD })).status).toBe(403);
    expect((await eve.delete('/api/auth/users/ada')).status).toBe(403);
  });

  it('a role change applies to the next request', async () => {
    const eve = await signIn('eve');
    expect((await eve.get('/api/auth/users')).status).toBe(403);
    const users = await readUsers(usersFile);
    await writeUsers(usersFile, users.map((user) => (user.name === 'eve' ? { ...user, role: 'admin' } : user)));
    expect((await eve.get('/api/auth/users')).status).toBe(200);
    expect((await eve.get('/api/auth/session')).json().user.role).toBe('admin');
    await writeUsers(usersFile, users);
    expect((await eve.get('/api/auth/users')).status).toBe(403);
  });

  it('an admin adds and removes users; removing one ends their sessions; never their own account', async () => {
    const ada = await signIn('ada');
    const added = await ada.post('/api/auth/users', { name: 'carl', role: 'editor', password: PASSWORD });
    expect(added.status, added.text).toBe(201);
    expect((await ada.post('/api/auth/users', { name: 'carl', role: 'editor', password: PASSWORD, admin: true })).json().error).toContain('unknown field "admin"');
    const listed = (await ada.get('/api/auth/users')).json().users;
    expect(listed.map((user: { name: string }) => user.name)).toEqual(['ada', 'eve', 'dora', 'carl']);
    expect(JSON.stringify(listed)).not.toContain('scrypt');
    const carl = await signIn('carl');
    expect((await ada.delete('/api/auth/users/carl')).status).toBe(200);
    expect((await carl.get('/api/editor/state')).status).toBe(401);
    expect((await login('carl', PASSWORD)).status).toBe(401);
    const self = await ada.delete('/api/auth/users/ada');
    expect(self.status).toBe(409);
    expect(self.json().error).toMatch(/your own account/);
    expect((await ada.delete('/api/auth/users/nobody')).status).toBe(404);
  });
});

describe('records', () => {
  it('logs a changeset by the address the proxy names (TRUST_PROXY), as it does a sign-in, not the proxy\'s own', async () => {
    const ada = await signIn('ada');
    const state = (await ada.get('/api/editor/state')).json() as { docs: { file: string; data: { meta: { title: string } }; version: string }[] };
    const about = state.docs.find((doc) => doc.file === 'pages/about.json')!;
    const content = { ...about.data, meta: { ...about.data.meta, title: 'About, audited' } };
    const saved = await ada.post('/api/content/changes', { changes: [{ op: 'put', file: 'pages/about.json', baseVersion: about.version, content }] }, { 'x-forwarded-for': '203.0.113.9' });
    expect(saved.status, saved.text).toBe(200);
    const events = (await readFile(auditLog, 'utf8')).trimEnd().split('\n').map((line) => JSON.parse(line));
    expect(events.findLast((event) => event.event === 'changeset')).toMatchObject({ user: 'ada', address: '203.0.113.9', files: ['pages/about.json'] });
  });

  it('the audit log has a line for each sign-in, failure, sign-out and user change', async () => {
    const events = (await readFile(auditLog, 'utf8')).trimEnd().split('\n').map((line) => JSON.parse(line));
    const kinds = new Set(events.map((event) => event.event));
    for (const kind of ['user-added', 'sign-in', 'sign-in-failed', 'sign-out', 'user-removed']) expect(kinds, kind).toContain(kind);
    expect(events.find((event) => event.event === 'sign-in')).toMatchObject({ user: expect.any(String), address: expect.stringMatching(/^198\.51\.100\./) });
    // A name that is no user's is not logged: it may be a password typed in the wrong field.
    expect(JSON.stringify(events)).not.toContain('guess0');
    // Refused attempts (429) are not logged, or a flood of them would fill the disk: 5 failures for dora, then none.
    expect(events.filter((event) => event.event === 'sign-in-failed' && event.user === 'dora')).toHaveLength(5);
  });

  it('the users and sessions files are the owner’s only', async () => {
    for (const file of [usersFile, join(dir, 'sessions.json'), auditLog]) expect((await stat(file)).mode & 0o777, file).toBe(0o600);
  });

  it('a second server on a port already taken says so in words, without a stack trace', async () => {
    const env = { SESSION_SECRET, EDITOR_USERS_FILE: usersFile, PORT: String(prod.server.port) };
    const failed = await startProdServer(prod.project, env).then(
      () => expect.unreachable('a second server started on a taken port'),
      (error: Error) => error.message,
    );
    expect(failed).toContain(`Port ${prod.server.port} is already in use on 127.0.0.1: another server listens there`);
    expect(failed).not.toMatch(/^\s+at /m);
    // The first one still answers.
    expect((await fetch(`${origin}/`)).status).toBe(200);
  });

  it('the server refuses to start with users and no SESSION_SECRET', async () => {
    await expect(startProdServer(prod.project, { SESSION_SECRET: '', EDITOR_USERS_FILE: usersFile })).rejects.toThrow(/SESSION_SECRET is not set/);
  });
});

describe('a new password', () => {
  it('ends every session the old password started, also one whose sign-in was still checking it when the password changed', async () => {
    const admin = await signIn('ada');
    const client = newClient();
    let password = PASSWORD;
    const survivors: string[] = [];
    for (let round = 1; round <= 4; round += 1) {
      const old = password;
      password = `a new password for round ${round}`;
      // The holder of the old password (a stolen one) signs in again and again, as a script would, until it is refused.
      const cookies: string[] = [];
      let stop = false;
      const loop = (async () => {
        while (!stop) {
          const response = await login('eve', old, client);
          if (response.status !== 200) break;
          cookies.push(cookieOf(response));
        }
      })();
      await new Promise((resolve) => setTimeout(resolve, 600));
      const change = await admin.post('/api/auth/users', { name: 'eve', role: 'editor', password });
      expect(change.status, change.text).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 300));
      stop = true;
      await loop;
      for (const cookie of cookies) if ((await raw(origin, { path: '/api/auth/session', headers: { cookie } })).status === 200) survivors.push(`round ${round}`);
    }
    // A sign-in that verified the old hash while the change was made used to record its session after the change ended eve's: 12 hours more.
    expect(survivors).toEqual([]);
    expect((await admin.post('/api/auth/users', { name: 'eve', role: 'editor', password: PASSWORD })).status).toBe(200);
  });
});

// Last, since it signs everyone out.
describe('a new SESSION_SECRET', () => {
  it('ends the old secret’s sessions for good: a server still (or again) on the old secret no longer takes their cookies', async () => {
    const ada = await signIn('ada');
    expect((await ada.get('/api/auth/session')).status).toBe(200);
    const rotated = await startProdServer(prod.project, { SESSION_SECRET: 'a-rotated-integration-test-secret-long-enough', EDITOR_USERS_FILE: usersFile, EDITOR_AUDIT_LOG: auditLog });
    await rotated.stop();
    // The cookie still verifies under the old secret, which this server has: only the record's signer says it is over.
    expect((await ada.get('/api/auth/session')).status).toBe(401);
    expect((await (await signIn('ada')).get('/api/auth/session')).status).toBe(200);
  });
});
