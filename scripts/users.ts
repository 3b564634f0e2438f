/**
 * `npm run users`: manages the editor's users in EDITOR_USERS_FILE (by default
 * .content-store/users.json), on the server, with the same configuration as `npm start`.
 *
 *   npm run users -- add <name> --role editor|admin [--replace]
 *   npm run users -- remove <name>
 *   npm run users -- list
 *
 * The password is asked for twice, without echo, on a terminal; otherwise the
 * first line of stdin is the password (`printf '%s\n' "$PASSWORD" | npm run users -- add ada --role admin`).
 * Exit codes: 0 done, 1 refused or failed, 2 wrong usage.
 * Run by Node itself (types stripped), so it imports only plain JavaScript modules.
 */
import { userInfo } from 'node:os';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { audit } from '../server/audit-log.mjs';
import { ConfigError, serverConfig } from '../server/config.mjs';
import { MIN_PASSWORD_LENGTH } from '../server/passwords.mjs';
import { AccountError, addUser, removeUser, roleProblem } from '../server/user-accounts.mjs';
import { checkEditorConfig, isUserName, readUsers, USER_NAME_RULE, UsersFileError } from '../server/users-file.mjs';

const USAGE = `Usage:
  npm run users -- add <name> --role editor|admin [--replace]
  npm run users -- remove <name>
  npm run users -- list

add asks for the password twice (at least ${MIN_PASSWORD_LENGTH} characters), or reads the first line of stdin when stdin is not a terminal.
--replace gives an existing user a new role and password (and ends their sessions).`;

class UsageError extends Error {}
/** The command stopped: its message says why, and nothing was changed. */
class Stopped extends Error {}

/** Reads one line from the terminal without showing what is typed. */
function askHidden(question: string): Promise<string> {
  const input = process.stdin;
  return new Promise((resolve, reject) => {
    let typed = '';
    const finish = () => {
      input.off('data', onData);
      input.setRawMode(false);
      input.pause();
      process.stderr.write('\n');
    };
    const onData = (chunk: string) => {
      // Arrow keys and other escape sequences arrive as one chunk: they are not part of a password.
      if (chunk.startsWith('\u001b')) return;
      for (const char of chunk) {
        if (char === '\r' || char === '\n') return finish(), resolve(typed);
        if (char === '\u0003' || (char === '\u0004' && typed === '')) return finish(), reject(new Stopped('Cancelled: nothing was changed'));
        if (char === '\u007f' || char === '\b') typed = [...typed].slice(0, -1).join('');
        else if (char >= ' ') typed += char;
      }
    };
    process.stderr.write(question);
    input.setEncoding('utf8');
    input.setRawMode(true);
    input.resume();
    input.on('data', onData);
  });
}

/** The first line of stdin (without its line ending), for scripts and pipes. */
function readFirstLine(): Promise<string> {
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
    let answered = false;
    lines.once('line', (line) => {
      answered = true;
      lines.close();
      resolve(line);
    });
    lines.once('close', () => answered || reject(new Stopped('No password on stdin: give it as the first line')));
  });
}

async function readNewPassword(): Promise<string> {
  if (!process.stdin.isTTY) return readFirstLine();
  const first = await askHidden(`Password (at least ${MIN_PASSWORD_LENGTH} characters): `);
  const second = await askHidden('Password again: ');
  if (first !== second) throw new Stopped('The two passwords differ: nothing was changed');
  return first;
}

/** The audit log's "who" for this command: the account that ran it on the server. */
function operator() {
  try {
    return { user: undefined, address: 'local', via: 'npm run users', osUser: userInfo().username };
  } catch {
    return { user: undefined, address: 'local', via: 'npm run users' };
  }
}

const ROLE_HELP = '--role editor (edits pages, collection entries and images) or --role admin (also the shared documents, redirects and users)';

async function add(name: string | undefined, role: string | undefined, replace: boolean) {
  if (!name) throw new UsageError('add needs a user name');
  if (!role) throw new UsageError(`add needs ${ROLE_HELP}`);
  // Checked before the password is asked for, so a typo costs nothing.
  if (!isUserName(name)) throw new Stopped(`"${name}" is not a valid user name: ${USER_NAME_RULE}`);
  if (roleProblem(role)) throw new UsageError(`The role must be editor or admin: ${ROLE_HELP}`);
  const config = serverConfig();
  const existing = (await readUsers(config.usersFile)).find((user) => user.name === name);
  if (existing && !replace) throw new Stopped( `A user named "${name}" already exists: add --replace to give them a new role and password`);
  const password = await readNewPassword();
  const { created, user } = await addUser(config.usersFile, { name, role, password, replace });
  await audit({ event: created ? 'user-added' : 'user-replaced', ...operator(), subject: user.name, role: user.role });
  console.log(`${created ? 'Added' : 'Replaced'} ${user.role} "${user.name}" ${created ? 'to' : 'in'} ${config.usersFile}${created ? '' : '; their sessions have ended'}.`);
  // This shell may not have the server's environment, so it is a reminder, not an error.
  if (checkEditorConfig(config, await readUsers(config.usersFile))) {
    console.log('Note: the server refuses to start with users but no SESSION_SECRET; it is not set here (fine if the server has it).');
  }
}

async function remove(name: string | undefined) {
  if (!name) throw new UsageError('remove needs a user name');
  const config = serverConfig();
  const removed = await removeUser(config.usersFile, name);
  await audit({ event: 'user-removed', ...operator(), subject: removed.name });
  console.log(`Removed ${removed.role} "${removed.name}" from ${config.usersFile}; their sessions have ended.`);
}

async function list() {
  const { usersFile } = serverConfig();
  const users = await readUsers(usersFile);
  if (users.length === 0) {
    console.log(`No users in ${usersFile}: the editor is off. Add one with npm run users -- add <name> --role admin`);
    return;
  }
  const width = Math.max(4, ...users.map((user) => user.name.length));
  console.log(`${'NAME'.padEnd(width)}  ROLE    CREATED`);
  for (const user of users) console.log(`${user.name.padEnd(width)}  ${user.role.padEnd(6)}  ${user.createdAt.slice(0, 10)}`);
}

async function main(argv: string[]) {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options: { role: { type: 'string' }, replace: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h' } } });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { positionals, values } = parsed;
  const [command, name, ...extra] = positionals;
  if (values.help || command === 'help') return void console.log(USAGE);
  if (extra.length > 0) throw new UsageError(`Unexpected argument "${extra[0]}"`);
  if (command !== 'add' && (values.role !== undefined || values.replace)) throw new UsageError('--role and --replace go with add');
  if (command === 'add') return add(name, values.role, values.replace);
  if (command === 'remove') return remove(name);
  if (command === 'list' && name === undefined) return list();
  throw new UsageError(command ? `Unknown command "${command}"` : 'Say what to do');
}

try {
  await main(process.argv.slice(2));
} catch (error) {
  if (error instanceof UsageError) {
    console.error(`${error.message}\n\n${USAGE}`);
    process.exitCode = 2;
  } else if (error instanceof Stopped || error instanceof AccountError || error instanceof UsersFileError || error instanceof ConfigError) {
    console.error(error.message);
    process.exitCode = 1;
  } else {
    console.error(`Failed: ${(error as Error).message}`);
    process.exitCode = 1;
  }
}
