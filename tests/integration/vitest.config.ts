import { defineConfig } from 'vitest/config';

// Integration tests start real servers on copies of the project; one file at a time keeps a 2-core machine responsive.
export default defineConfig({
  test: {
    include: ['tests/integration/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    hookTimeout: 300_000,
    testTimeout: 60_000,
  },
});
