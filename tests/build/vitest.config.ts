import { defineConfig } from 'vitest/config';

// The static build test: builds a copy of the project once, then inspects the HTML.
export default defineConfig({
  test: {
    include: ['tests/build/**/*.test.ts'],
    environment: 'node',
    hookTimeout: 300_000,
    testTimeout: 60_000,
  },
});
