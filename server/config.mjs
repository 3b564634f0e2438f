// The server's configuration: every environment variable it reads, declared
// and validated once, here. Both servers and the Astro routes read it through
// `serverConfig()`, so a value means the same everywhere; the production server
// calls it before it listens, so a wrong value stops the start with a message
// that names the variable, what was given and what is expected.
// Plain JavaScript (with zod) so the production server can load it without a build step.
import { availableParallelism } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import { z } from 'zod';
import { DEFAULT_VARIANT_LIMITS } from './variant-making-limits.mjs';

/** A whole number written in digits: `5MB`, `1e6` and `-1` are refused, not read as something else. */
const wholeNumber = (what, { min = 0, max = Number.MAX_SAFE_INTEGER } = {}) =>
  z
    .string()
    .regex(/^\d+$/, `must be a whole number of ${what}, written in digits`)
    .transform(Number)
    .refine((value) => value >= min && value <= max, `must be between ${min} and ${max} ${what}`);

const text = (minLength, why) => z.string().min(minLength, why);

/** Every variable, by name; absent and empty are the same (unset). */
const VARIABLES = z.object({
  HOST: z.string().optional(),
  TLS_CERT_FILE: z.string().optional(),
  TLS_KEY_FILE: z.string().optional(),
  PORT: wholeNumber('', { min: 0, max: 65535 }).optional(),
  CONTENT_ROOT: z.string().optional(),
  SITE_URL: z
    .string()
    .refine((value) => URL.canParse(value) && ['http:', 'https:'].includes(new URL(value).protocol), 'must be the site\'s address, like https://example.com')
    .optional(),
  MAX_UPLOAD_BYTES: wholeNumber('bytes', { min: 1 }).optional(),
  CONTENT_API_TOKEN: text(16, 'must be at least 16 characters: make one with `openssl rand -base64 32`').optional(),
  SESSION_SECRET: text(32, 'must be at least 32 characters: make one with `openssl rand -base64 32`').optional(),
  EDITOR_USERS_FILE: z.string().optional(),
  EDITOR_AUDIT_LOG: z.string().optional(),
  TRUST_PROXY: z.enum(['0', '1', 'true', 'false']).optional(),
  CONTENT_BACKEND: z.enum(['fs', 'git'], { error: 'must be "fs" or "git"' }).optional(),
  CONTENT_GIT_REMOTE: z.string().optional(),
  CONTENT_GIT_BRANCH: z
    .string()
    .regex(/^[A-Za-z0-9][A-Za-z0-9._/-]*$/, 'must be a branch name, like "main"')
    .refine((name) => !name.includes('..') && !name.endsWith('.lock') && !name.endsWith('/'), 'must be a branch name, like "main"')
    .optional(),
  CONTENT_GIT_DIR: z.string().optional(),
  CONTENT_GIT_POLL_SECONDS: wholeNumber('seconds', { max: 86_400 }).optional(),
  CONTENT_GIT_TIMEOUT_SECONDS: wholeNumber('seconds', { min: 1, max: 3_600 }).optional(),
  CONTENT_WEBHOOK_SECRET: text(16, 'must be at least 16 characters').optional(),
  PUBLISH_WORKERS: wholeNumber('threads', { max: 64 }).optional(),
  IMAGE_VARIANT_QUEUE: wholeNumber('variants', { max: 10_000 }).optional(),
  IMAGE_VARIANT_BURST: wholeNumber('variants', { min: 1, max: 100_000 }).optional(),
  IMAGE_VARIANT_PER_MINUTE: wholeNumber('variants', { min: 1, max: 100_000 }).optional(),
  IMAGE_CACHE_MAX_MB: wholeNumber('megabytes', { max: 16 * 1024 * 1024 }).optional(),
  CONTENT_SITE_BUILD_ID: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,100}$/, 'must name the code being built, like a commit hash: letters, digits, dots, dashes and underscores')
    .optional(),
});

export class ConfigError extends Error {}

/**
 * @typedef {{
 *   projectRoot: string,
 *   siteUrl: string | undefined,
 *   buildId: string | undefined,
 *   host: string,
 *   port: number,
 *   tls: { certFile: string, keyFile: string } | undefined,
 *   maxUploadBytes: number | undefined,
 *   apiToken: string | undefined,
 *   sessionSecret: string | undefined,
 *   usersFile: string,
 *   auditLog: string,
 *   trustProxy: boolean,
 *   backend: 'fs' | 'git',
 *   git: { remote: string | undefined, branch: string, dir: string, pollSeconds: number, timeoutSeconds: number, webhookSecret: string | undefined },
 *   contentRoot: string,
 *   imageVariantLimits: import('./variant-making-limits.mjs').VariantLimitSettings,
 *   publishWorkers: number,
 * }} ServerConfig
 */

/**
 * Reads and checks the configuration from `env`, or throws a ConfigError that
 * lists every problem.
 * @param {Record<string, string | undefined>} env
 * @param {string} cwd
 * @returns {ServerConfig}
 */
export function readServerConfig(env = process.env, cwd = process.cwd()) {
  const given = Object.fromEntries(Object.keys(VARIABLES.shape).flatMap((name) => (env[name] ? [[name, env[name]]] : [])));
  const parsed = VARIABLES.safeParse(given);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0]);
      const shown = /SECRET|TOKEN/.test(name) ? '(hidden)' : JSON.stringify(given[name]);
      return `  ${name}=${shown}: ${issue.message}`;
    });
    throw new ConfigError(`The server's configuration is not valid:\n${lines.join('\n')}`);
  }
  const vars = parsed.data;
  const projectRoot = resolve(vars.CONTENT_ROOT ?? cwd);
  const inProject = (path, fallback) => (path ? (isAbsolute(path) ? path : resolve(cwd, path)) : join(projectRoot, fallback));
  const backend = vars.CONTENT_BACKEND ?? 'fs';
  const remote = vars.CONTENT_GIT_REMOTE;
  // With a remote, edits are made in a clone of their own, so the deployed checkout is never
  // touched; without one, the project itself is the repository that receives the commits.
  const gitDir = vars.CONTENT_GIT_DIR ? inProject(vars.CONTENT_GIT_DIR, '') : remote ? join(projectRoot, '.content-store', 'clone') : projectRoot;
  if (backend === 'fs' && (remote || vars.CONTENT_GIT_DIR)) {
    throw new ConfigError(`The server's configuration is not valid:\n  CONTENT_GIT_${remote ? 'REMOTE' : 'DIR'} is set, but CONTENT_BACKEND is not "git"`);
  }
  if (Boolean(vars.TLS_CERT_FILE) !== Boolean(vars.TLS_KEY_FILE)) {
    throw new ConfigError(`The server's configuration is not valid:\n  ${vars.TLS_CERT_FILE ? 'TLS_CERT_FILE' : 'TLS_KEY_FILE'} is set without ${vars.TLS_CERT_FILE ? 'TLS_KEY_FILE' : 'TLS_CERT_FILE'}: HTTPS needs both the certificate and its private key`);
  }
  return {
    projectRoot,
    siteUrl: vars.SITE_URL,
    buildId: vars.CONTENT_SITE_BUILD_ID,
    host: vars.HOST ?? 'localhost',
    port: vars.PORT ?? 4321,
    // HTTPS with HTTP/2 when both are given (server/listener.mjs); plain HTTP/1.1 otherwise.
    tls: vars.TLS_CERT_FILE && vars.TLS_KEY_FILE ? { certFile: resolve(cwd, vars.TLS_CERT_FILE), keyFile: resolve(cwd, vars.TLS_KEY_FILE) } : undefined,
    maxUploadBytes: vars.MAX_UPLOAD_BYTES,
    apiToken: vars.CONTENT_API_TOKEN,
    sessionSecret: vars.SESSION_SECRET,
    usersFile: inProject(vars.EDITOR_USERS_FILE, join('.content-store', 'users.json')),
    auditLog: inProject(vars.EDITOR_AUDIT_LOG, join('.content-store', 'audit.log')),
    trustProxy: vars.TRUST_PROXY === '1' || vars.TRUST_PROXY === 'true',
    backend,
    git: {
      remote: remote && !/^[a-z][a-z0-9+.-]*:/i.test(remote) && !/^[^/]+@[^/]+:/.test(remote) ? resolve(cwd, remote) : remote,
      branch: vars.CONTENT_GIT_BRANCH ?? 'main',
      dir: gitDir,
      pollSeconds: vars.CONTENT_GIT_POLL_SECONDS ?? 60,
      // How long a fetch or push may go without a word from the remote (server/git-content.mjs).
      timeoutSeconds: vars.CONTENT_GIT_TIMEOUT_SECONDS ?? 30,
      webhookSecret: vars.CONTENT_WEBHOOK_SECRET,
    },
    // Where src/data and public/assets/images are read and written: the git working tree when git keeps the content.
    contentRoot: backend === 'git' ? gitDir : projectRoot,
    // Making image variants on request (server/variant-making-limits.mjs says why the defaults).
    imageVariantLimits: {
      maxQueued: vars.IMAGE_VARIANT_QUEUE ?? DEFAULT_VARIANT_LIMITS.maxQueued,
      burst: vars.IMAGE_VARIANT_BURST ?? DEFAULT_VARIANT_LIMITS.burst,
      perMinute: vars.IMAGE_VARIANT_PER_MINUTE ?? DEFAULT_VARIANT_LIMITS.perMinute,
    },
    // The image variants cache's size budget; 0 leaves it unbounded (server/variant-cache-budget.mjs).
    imageCacheMaxBytes: vars.IMAGE_CACHE_MAX_MB === undefined ? undefined : vars.IMAGE_CACHE_MAX_MB * 1024 * 1024,
    // Threads that render changed pages when publishing (src/server/publish/render-pool.ts):
    // one per core, up to four; none on one core, where a thread would only add its memory.
    publishWorkers: vars.PUBLISH_WORKERS ?? (availableParallelism() > 1 ? Math.min(availableParallelism(), 4) : 0),
  };
}

/** @type {ServerConfig | undefined} */
let loaded;

/** This process's configuration, read once. */
export function serverConfig() {
  loaded ??= readServerConfig();
  return loaded;
}
