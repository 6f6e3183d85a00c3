// The end-to-end suite: the built site (dist/, dist-single/) in Debian's
// Chromium, served by tests/e2e/server.mjs with the strict CSP header.
//
//   npx vite build && npm run build:single && npx playwright test
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/chromium';

/** The spec files that run after the others, on one worker (see `projects`). */
const ALONE = /(drag-speed|experiments-memory|no-freeze|threads|training|training-speed)\.spec\.ts/;
/**
 * Benchmarks in the browser, run by `npm run bench` (AP_BENCH=1) and not by the test command: the training
 * panel's default run until 95 % accuracy (about 40 s of training, printed, not asserted against a time).
 */
const BENCH = /training-speed\.spec\.ts/;
const BENCHES = process.env.AP_BENCH === '1';
const PORT = Number(process.env.E2E_PORT ?? 4178); // not Vite's 5173 nor its preview's 4173

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  fullyParallel: true,
  forbidOnly: true,
  retries: 0, // a flaky test is a bug to fix
  workers: 2,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: 'list',
  use: {
    baseURL: `http://127.0.0.1:${PORT}/`,
    viewport: { width: 1280, height: 900 },
    actionTimeout: 15_000,
    navigationTimeout: 15_000,
    // Recording a trace roughly doubles the cost of each action (a keypress 100 → 45 ms without it),
    // and a fresh CI machine keeps no artifacts: traces are recorded only when asked for, with
    // AP_TRACE=1 or `npx playwright test --trace retain-on-failure`.
    trace: process.env.AP_TRACE === '1' ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  // Four kinds of test go last, one at a time on one worker: the long experiment runs (experiment 7, memory, sweeps
  // flash_attention to n = 32,768: a core busy for 30–80 s), the trainer's runs (training.spec.ts,
  // training-speed.spec.ts: a worker busy for seconds, which slowed the timing-sensitive tests beside them),
  // the main-thread watch of no-freeze.spec.ts (no task over 100 ms), whose long tasks would stretch if
  // another test's page shared the 2 cores, and the timing of one drag step (drag-speed.spec.ts), which the test
  // beside it on the other worker stretched (n = 16: 4.6 and 8.1 ms in two fresh-clone runs of the same code).
  projects: [
    { name: 'chromium', testIgnore: [ALONE, BENCH] },
    { name: 'alone', testMatch: ALONE, testIgnore: BENCHES ? [] : BENCH, dependencies: ['chromium'], fullyParallel: false, workers: 1 },
  ],
  webServer: {
    command: `node tests/e2e/server.mjs --csp --port ${PORT}`,
    url: `http://127.0.0.1:${PORT}/`,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
