// @ts-check
// Password hashes for the editor's users: Node's built-in scrypt (docs/dependencies.md says
// why no package), stored as `scrypt$<N>$<r>$<p>$<salt base64>$<hash base64>` so a hash keeps
// the cost it was made with and the cost can rise later without breaking old hashes.
// Plain JavaScript so the production server and `npm run users` load it without a build step.
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * The cost of new hashes: N=2^15, r=8, p=1 (32 MiB), a 16-byte salt, a 64-byte key. That is below
 * OWASP's current scrypt minimum (N=2^17, r=8, p=1; or N=2^15, r=8, p=3): docs/dependencies.md
 * says so. Hashes carry their parameters, so raising these never breaks existing hashes.
 */
export const SCRYPT_COST = Object.freeze({ N: 2 ** 15, r: 8, p: 1 });
const SALT_BYTES = 16;
const KEY_BYTES = 64;
/** Bounds on what a stored hash may ask for, so a hand-edited file cannot make one check take minutes or gigabytes. */
const MAX_COST = { N: 2 ** 20, r: 32, p: 16 };
/** scrypt needs 128·N·r bytes; Node's default cap (32 MiB) is exactly N=2^15, r=8, so give it room. */
const maxmemFor = (/** @type {{N: number, r: number}} */ { N, r }) => 128 * N * r * 2;

export const MIN_PASSWORD_LENGTH = 12;
/** Long enough for any passphrase or manager-made password; bounds the work one sign-in can cost. */
export const MAX_PASSWORD_LENGTH = 1024;

/** Why a new password is refused, or undefined. Length counts characters, not bytes. */
export function passwordProblem(/** @type {unknown} */ password) {
  if (typeof password !== 'string') return 'The password must be a string';
  const length = [...password].length;
  if (length < MIN_PASSWORD_LENGTH) return `The password must be at least ${MIN_PASSWORD_LENGTH} characters long`;
  if (length > MAX_PASSWORD_LENGTH) return `The password must be at most ${MAX_PASSWORD_LENGTH} characters long`;
  return undefined;
}

/**
 * @param {string} password
 * @param {Buffer} salt
 * @param {{N: number, r: number, p: number}} cost
 * @param {number} keyLength
 * @returns {Promise<Buffer>}
 */
function derive(password, salt, cost, keyLength) {
  // The same text typed through different input methods can differ in Unicode form; NFC makes them one password.
  const secret = Buffer.from(password.normalize('NFC'), 'utf8');
  return new Promise((resolve, reject) => {
    scrypt(secret, salt, keyLength, { ...cost, maxmem: maxmemFor(cost) }, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** A whole number written in plain digits, within [min, max]; undefined otherwise. */
function wholeNumber(/** @type {string} */ text, /** @type {number} */ min, /** @type {number} */ max) {
  const value = Number(text);
  return Number.isSafeInteger(value) && String(value) === text && value >= min && value <= max ? value : undefined;
}

/** Strict base64: the text must be exactly what encoding the bytes gives back (Buffer.from alone skips junk). */
function strictBase64(/** @type {string} */ text) {
  const bytes = Buffer.from(text, 'base64');
  return bytes.length > 0 && bytes.toString('base64') === text ? bytes : undefined;
}

/**
 * The parts of a stored hash, or undefined when it is not one this module made.
 * @param {unknown} stored
 * @returns {{ cost: {N: number, r: number, p: number}, salt: Buffer, key: Buffer } | undefined}
 */
export function parsePasswordHash(stored) {
  if (typeof stored !== 'string') return undefined;
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return undefined;
  const [, nText, rText, pText, saltText, keyText] = /** @type {string[]} */ (parts);
  const N = wholeNumber(nText, 2, MAX_COST.N);
  const r = wholeNumber(rText, 1, MAX_COST.r);
  const p = wholeNumber(pText, 1, MAX_COST.p);
  const salt = strictBase64(saltText);
  const key = strictBase64(keyText);
  // N must be a power of two; a salt or key shorter than 16 bytes is not one we made.
  if (N === undefined || (N & (N - 1)) !== 0 || r === undefined || p === undefined) return undefined;
  if (!salt || salt.length < 16 || !key || key.length < 16 || key.length > 256) return undefined;
  return { cost: { N, r, p }, salt, key };
}

/** A new hash of `password`, with a fresh random salt. */
export async function hashPassword(/** @type {string} */ password) {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, SCRYPT_COST, KEY_BYTES);
  const { N, r, p } = SCRYPT_COST;
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

/**
 * Checked when a user name does not exist: a hash of a random password nobody kept, at the
 * cost of new hashes, so a wrong name takes as long as a wrong password.
 */
const NOBODYS_HASH =
  'scrypt$32768$8$1$Q3xZOLJ6EVcNADDaIc/xKw==$gK5y2hHiiE3cKWwcXXlc6WOc6hGDrk+eZOmnxZSQbiDFI4DaA+x5p2pIA2RxOJkuGWa6no5AmnmPA4DLclPW9w==';

/**
 * Whether `password` matches the stored hash, compared in constant time. With no
 * hash (no such user) a throwaway hash made at the same cost is checked instead
 * and the answer is false, so the time taken does not tell which names exist.
 * @param {string} password
 * @param {string | undefined} stored
 * @returns {Promise<boolean>}
 */
export async function verifyPassword(password, stored) {
  const exists = stored !== undefined;
  const parsed = parsePasswordHash(exists ? stored : NOBODYS_HASH);
  if (!parsed) throw new Error('The stored password hash is not in the scrypt$N$r$p$salt$hash format');
  const key = await derive(password, parsed.salt, parsed.cost, parsed.key.length);
  return timingSafeEqual(key, parsed.key) && exists;
}
