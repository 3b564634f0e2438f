import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

/** Debian's Chromium; tests never download a browser. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

if (!existsSync(CHROMIUM)) {
  const message = `End-to-end tests need Chromium at ${CHROMIUM}: apt-get install -y chromium (or set CHROMIUM_PATH).`;
  // In CI a missing browser is a failure, never a silent skip.
  if (process.env.CI) throw new Error(message);
  console.warn(`${message} Skipping the end-to-end tests.`);
}

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  testIgnore: existsSync(CHROMIUM) ? [] : ['**/*'],
  globalSetup: './global-setup.ts',
  outputDir: '../../test-results/e2e',
  fullyParallel: false,
  workers: 1,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    viewport: { width: 1440, height: 900 },
    screenshot: 'on',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
});
