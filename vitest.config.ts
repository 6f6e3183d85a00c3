import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { playwright } from '@vitest/browser-playwright';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/chromium';

// Two projects:
//   node     the façade (WASM in Node), parsing, state, figure layout and SVG snapshots
//   browser  what needs a real canvas: figure drawing and PNG export, in Debian's Chromium
// The end-to-end suite (tests/e2e, @playwright/test) drives the built site separately.

export default defineConfig({
  test: {
    testTimeout: 60_000,
    // a test file on every core (Vitest's default leaves one free: on 2 cores the suite ran on one, 118 s for
    // the node project instead of 68 s)
    maxWorkers: availableParallelism(),
    setupFiles: ['tests/web/support/every-word.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: ['tests/web/**/*.test.ts'],
          exclude: ['tests/web/**/*.browser.test.ts'],
          // globalThis.gc: the linear-time checks collect the garbage before each timing, so a collection of
          // what other tests left behind is not timed as the text's cost
          execArgv: ['--expose-gc'],
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['tests/web/**/*.browser.test.ts'],
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({ launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS } }),
            instances: [{ browser: 'chromium' }],
            screenshotFailures: false,
          },
        },
      },
    ],
  },
});
