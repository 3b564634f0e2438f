// Adds lock entries for optional platform packages that the registry does not
// serve. Some platform builds of @astrojs/compiler-binding are missing from
// the registry this project installs from, so `npm install` leaves them out of
// package-lock.json and `npm ci` then refuses the lock. Each entry carries its
// os/cpu, so npm skips it on other platforms without fetching it.
// Run after `npm install` changes the lock: npx --no-install node scripts/complete-lockfile.mjs
import { readFileSync, writeFileSync } from 'node:fs';

const PLATFORMS = {
  'android-arm64': { os: ['android'], cpu: ['arm64'] },
  'darwin-arm64': { os: ['darwin'], cpu: ['arm64'] },
  'darwin-x64': { os: ['darwin'], cpu: ['x64'] },
  'linux-arm64-gnu': { os: ['linux'], cpu: ['arm64'], libc: ['glibc'] },
  'linux-arm64-musl': { os: ['linux'], cpu: ['arm64'], libc: ['musl'] },
  'linux-x64-gnu': { os: ['linux'], cpu: ['x64'], libc: ['glibc'] },
  'linux-x64-musl': { os: ['linux'], cpu: ['x64'], libc: ['musl'] },
  'wasm32-wasi': { cpu: ['wasm32'] },
  'win32-arm64-msvc': { os: ['win32'], cpu: ['arm64'] },
  'win32-x64-msvc': { os: ['win32'], cpu: ['x64'] },
};

const lock = JSON.parse(readFileSync('package-lock.json', 'utf8'));
let added = 0;
for (const [path, entry] of Object.entries(lock.packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const platform = Object.keys(PLATFORMS).find((p) => name.endsWith(`-${p}`));
    const key = `node_modules/${name}`;
    if (!platform || lock.packages[key]) continue;
    lock.packages[key] = { version, ...PLATFORMS[platform], license: 'MIT', optional: true };
    added += 1;
    console.log(`added ${key}@${version} (needed by ${path || 'the project'})`);
  }
}
if (added) {
  lock.packages = Object.fromEntries(Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : 1)));
  writeFileSync('package-lock.json', `${JSON.stringify(lock, null, 2)}\n`);
}
console.log(`${added} entr${added === 1 ? 'y' : 'ies'} added`);
