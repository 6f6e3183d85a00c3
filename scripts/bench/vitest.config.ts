import { defineConfig } from 'vitest/config';

// The WASM side of scripts/bench.sh: one long "test" that times and writes JSON.
export default defineConfig({
  test: {
    include: ['scripts/bench/*.bench-run.ts'],
    testTimeout: 600_000,
  },
});
