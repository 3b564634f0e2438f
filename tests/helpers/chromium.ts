/** Debian's Chromium, the only browser tests and benchmarks drive; nothing ever downloads one. */
import { existsSync } from 'node:fs';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Flags for a headless run on a shared CI machine: no sandbox (root in a container), no GPU, no background traffic. */
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/** Browser tests run where Chromium is; without it they are skipped locally, and fail in CI. */
export function chromiumAvailable(): boolean {
  if (existsSync(CHROMIUM)) return true;
  const message = `Browser tests need Chromium at ${CHROMIUM}: apt-get install -y chromium (or set CHROMIUM_PATH).`;
  if (process.env.CI) throw new Error(message);
  console.warn(`${message} Skipping them.`);
  return false;
}
