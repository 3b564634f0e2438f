/**
 * A production build without SITE_URL must say what it gets wrong: every URL
 * that will point at localhost. Apart from discovery.test.ts, whose build sets
 * SITE_URL; this one stops the build once the warning is out.
 */
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ASTRO_CLI, copyProject } from '../helpers/project-copy';
import { userEnv } from '../helpers/servers';

describe('a production build without SITE_URL', () => {
  it('warns, naming every URL that will point at localhost', async () => {
    const bare = await copyProject('discovery-no-site');
    try {
      const { SITE_URL: _unset, ...env } = userEnv();
      const build = spawn(process.execPath, [ASTRO_CLI, 'build'], { cwd: bare.root, env: { ...env, ASTRO_TELEMETRY_DISABLED: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      const exited = new Promise((resolve) => build.once('exit', resolve));
      // The warning comes first, from the integration's setup: the rest of the build is not needed.
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no warning in:\n${output}`)), 120_000);
        const read = (chunk: Buffer) => {
          output += chunk;
          if (output.includes('SITE_URL=https://example.com npm run build')) {
            clearTimeout(timer);
            resolve();
          }
        };
        build.stdout.on('data', read);
        build.stderr.on('data', read);
        build.once('exit', () => setTimeout(() => reject(new Error(`the build ended with no warning:\n${output}`)), 0));
      });
      build.kill('SIGTERM');
      await exited;
      expect(output).toMatch(/WARN.*discovery/);
      expect(output).toContain('SITE_URL is not set: this build uses http://localhost:4321');
      for (const named of ['canonical', 'og:url', 'sitemap', 'RSS feed', 'robots.txt']) expect(output).toContain(named);
    } finally {
      await bare.remove();
    }
  });
});
