import { defineConfig } from 'vitest/config';

// Unit tests only: pure engine and schema code. Integration and browser tests
// start real servers and live under tests/integration and tests/e2e.
export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts'],
    environment: 'node',
  },
});
