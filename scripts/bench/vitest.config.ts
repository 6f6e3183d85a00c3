import { defineConfig } from 'vitest/config';

// The WASM side of scripts/bench.sh: one long "test" a file, each timing and
// writing JSON; the files one after another, so that no two time at once.
export default defineConfig({
  test: {
    include: ['scripts/bench/*.bench-run.ts'],
    testTimeout: 600_000,
    fileParallelism: false,
  },
});
