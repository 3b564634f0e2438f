/** The audit log (server/audit-log.mjs): one JSON object per line, in order, that no value can break. */
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { appendAuditEvent } from '../../server/audit-log.mjs';

let dir: string;
beforeEach(async () => (dir = await mkdtemp(join(tmpdir(), 'audit-'))));
afterEach(() => rm(dir, { recursive: true, force: true }));

it('appends one line per event, in order, with time, user, address and event first', async () => {
  const file = join(dir, 'logs', 'audit.log');
  const time = new Date(Date.UTC(2026, 0, 31, 12));
  await Promise.all([
    appendAuditEvent(file, { event: 'sign-in', user: 'ada', address: '203.0.113.9' }, time),
    appendAuditEvent(file, { event: 'changeset', user: 'ada', files: ['pages/home.json'], commit: 'abc123' }, time),
    appendAuditEvent(file, { event: 'sign-in-failed', address: '203.0.113.9', unknownName: true }, time),
  ]);
  const lines = (await readFile(file, 'utf8')).trimEnd().split('\n');
  expect(lines.map((line) => JSON.parse(line))).toEqual([
    { time: '2026-01-31T12:00:00.000Z', user: 'ada', address: '203.0.113.9', event: 'sign-in' },
    { time: '2026-01-31T12:00:00.000Z', user: 'ada', address: null, event: 'changeset', files: ['pages/home.json'], commit: 'abc123' },
    { time: '2026-01-31T12:00:00.000Z', user: null, address: '203.0.113.9', event: 'sign-in-failed', unknownName: true },
  ]);
  expect(Object.keys(JSON.parse(lines[0]!))).toEqual(['time', 'user', 'address', 'event']);
  expect((await stat(file)).mode & 0o777).toBe(0o600);
});

it('keeps a hostile value inside its line', async () => {
  const file = join(dir, 'audit.log');
  await appendAuditEvent(file, { event: 'sign-in-failed', user: 'x"}\n{"event":"sign-in","user":"admin' });
  const lines = (await readFile(file, 'utf8')).trimEnd().split('\n');
  expect(lines).toHaveLength(1);
  expect(JSON.parse(lines[0]!).event).toBe('sign-in-failed');
});
