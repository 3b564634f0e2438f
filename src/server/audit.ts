/**
 * The audit log: one JSON line per event (a change, an upload, a sign-in, a
 * user added), appended to EDITOR_AUDIT_LOG (default .content-store/audit.log,
 * outside the repository). Lines are appended in order by one queue, so they
 * never interleave; a log that cannot be written is reported on the console
 * and never fails the change it records (the commit is the record of that).
 */
import { appendFile, mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { serverConfig } from '../../server/config.mjs';
import { serialised } from './serialise';

export interface AuditEntry {
  event: string;
  /** Who: a user name, or absent for a tool (bearer token, webhook) or the local developer. */
  user?: string;
  /** From where: the client's address, as the server sees it. */
  address?: string;
  [detail: string]: unknown;
}

export function audit(entry: AuditEntry, file = serverConfig().auditLog): Promise<void> {
  const line = `${JSON.stringify({ time: new Date().toISOString(), ...entry })}\n`;
  return serialised(`audit:${file}`, async () => {
    try {
      await mkdir(dirname(file), { recursive: true });
      await appendFile(file, line, { mode: 0o600 });
    } catch (error) {
      console.error(`The audit log ${file} could not be written: ${(error as Error).message}`);
    }
  });
}
