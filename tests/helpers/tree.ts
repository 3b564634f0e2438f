/** A fingerprint of every file in a folder: proves a request wrote nothing. */
import { lstat, readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';

const SKIPPED = new Set(['node_modules', '.astro', 'dist']);

export async function fingerprint(root: string, dir = root): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const lines: string[] = [];
  for (const entry of entries) {
    if (SKIPPED.has(entry.name)) continue;
    const full = join(dir, entry.name);
    const info = await lstat(full);
    lines.push(`${relative(root, full)} ${info.size} ${info.mtimeMs}`);
    if (entry.isDirectory()) lines.push(...(await fingerprint(root, full)));
  }
  return lines.sort();
}
