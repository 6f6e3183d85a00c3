import { defineConfig } from 'vitest/config';

// Unit tests of the façade, parsing and state (Node). The end-to-end suite in
// tests/e2e runs separately against the built site in Chromium.
export default defineConfig({
  test: {
    include: ['tests/web/**/*.test.ts'],
    testTimeout: 60_000,
  },
});
