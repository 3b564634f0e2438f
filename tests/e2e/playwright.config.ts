import { defineConfig } from '@playwright/test';
import { CHROMIUM, CHROMIUM_ARGS, chromiumAvailable } from '../helpers/chromium';

// In CI a missing browser is a failure, never a silent skip.
const available = chromiumAvailable();

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  testIgnore: available ? [] : ['**/*'],
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
      args: CHROMIUM_ARGS,
    },
  },
});
