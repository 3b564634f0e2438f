// @ts-check
// The audit log: who did what, when, from where. One JSON object per line, appended to
// EDITOR_AUDIT_LOG (by default .content-store/audit.log):
//   {"time":"2026-…Z","user":"ada","address":"203.0.113.7","event":"sign-in"}
// Events: sign-in, sign-in-failed (the name tried only if it is a user's: people type passwords
// into the name field), sign-out, user-added, user-replaced, user-removed, and whatever other code
// records through `audit` (changesets, uploads). Sign-ins refused by the rate limit are not logged:
// they cost an attacker nothing, and a flood of lines would fill the disk.
// Each event is one append (O_APPEND), so lines from several processes never interleave; within
// a process they are queued, so they are written in the order they happened.
// JSON.stringify escapes newlines, so a hostile user name cannot forge a line.
// Plain JavaScript so the production server and `npm run users` load it without a build step.
import { appendFile, mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { serverConfig } from './config.mjs';
import { serialised } from './serialise.mjs';

/**
 * @typedef {{ event: string, user?: string, address?: string, [detail: string]: unknown }} AuditEvent
 */

/**
 * Appends `event` to `file` with the time; `user` and `address` are always present (null when unknown).
 * @param {string} file
 * @param {AuditEvent} event
 * @param {Date} [time]
 */
export async function appendAuditEvent(file, { event, user, address, ...details }, time = new Date()) {
  const line = JSON.stringify({ time: time.toISOString(), user: user ?? null, address: address ?? null, event, ...details });
  await serialised(`audit-log:${file}`, async () => {
    await mkdir(dirname(file), { recursive: true, mode: 0o700 });
    await appendFile(file, `${line}\n`, { encoding: 'utf8', mode: 0o600, flag: 'a' });
  });
}

/**
 * Records `event` in this server's audit log (EDITOR_AUDIT_LOG). It never throws:
 * the action it records has happened, so a log that cannot be written is
 * reported on stderr, with the event, rather than turned into a failed request.
 * @param {AuditEvent} event
 * @returns {Promise<void>}
 */
export async function audit(event) {
  let file = '(EDITOR_AUDIT_LOG)';
  try {
    file = serverConfig().auditLog;
    await appendAuditEvent(file, event);
  } catch (error) {
    console.error(`The audit log ${file} could not be written (${/** @type {Error} */ (error).message}); the event was: ${JSON.stringify(event)}`);
  }
}
