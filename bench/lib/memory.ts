/** Resident memory of another process, from /proc (Linux). */
import { readFile, writeFile } from 'node:fs/promises';

async function statusField(pid: number, field: 'VmRSS' | 'VmHWM'): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]);
  return kb * 1024;
}

export const rssBytes = (pid: number) => statusField(pid, 'VmRSS');
export const peakRssBytes = (pid: number) => statusField(pid, 'VmHWM');

/** Resets the process's peak RSS to its current RSS, so the next peak belongs to what follows. */
export async function resetPeak(pid: number): Promise<void> {
  await writeFile(`/proc/${pid}/clear_refs`, '5');
}

export const MiB = 1024 * 1024;
