// chromium.ts — the one description of the browser every browser test uses:
// Debian's Chromium (no browser download) with the flags for a headless,
// offline, sandbox-less CI machine. Read by playwright.config.ts (end-to-end)
// and vitest.config.ts (Vitest browser mode).

/** The Chromium binary: Debian's, unless CHROMIUM_PATH names another. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Headless, no sandbox, no GPU, and nothing that reaches the network on its own. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
