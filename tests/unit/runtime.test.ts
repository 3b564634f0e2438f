import { execFileSync } from 'node:child_process';
import { expect, it } from 'vitest';

const atLeast = (version: string, [major, minor]: [number, number]) => {
  const [a, b] = version.replace(/^v/, '').split('.').map(Number);
  return a! > major || (a === major && b! >= minor);
};

it('runs on the pinned Node, not the system one', () => {
  expect(atLeast(process.version, [22, 12])).toBe(true);
});

it('`npm run node-version` reports the pinned Node', () => {
  const printed = execFileSync('npm', ['run', '--silent', 'node-version'], { encoding: 'utf8' }).trim();
  console.log(`npm run node-version → ${printed}`);
  expect(atLeast(printed, [22, 12])).toBe(true);
});
