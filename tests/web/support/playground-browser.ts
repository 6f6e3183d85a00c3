// playground-browser.ts — one <attention-playground> in Vitest's browser mode,
// showing only the panels a test needs, read and asserted as the end-to-end
// suite's Playwright expectations read the page: by data-testid inside the
// element's shadow root, texts with their white space collapsed, "visible" as
// Playwright means it (a box of some size, not visibility: hidden), every
// expectation retried for up to 15 s. A console.error or an uncaught error
// of the page fails the test, as the end-to-end fixtures do.

import { afterEach, beforeEach, expect, vi, type MockInstance } from 'vitest';
import { page } from 'vitest/browser';
import '../../../web/src/component/attention-playground';
import type { AttentionPlayground } from '../../../web/src/component/attention-playground.component';
import type { ShownHeatmap } from '../../e2e/playground';
import { asGrid, shownTexts, type MaskedMatrix } from '../../e2e/reference';

/** How long an expectation is retried: the end-to-end suite's expect timeout (playwright.config.ts). */
export const WAIT = { timeout: 15_000 };

/** The viewport of the end-to-end suite's pages (playwright.config.ts). */
const VIEWPORT = { width: 1280, height: 900 };

/** A mounted playground and the ways a test reads it. */
export interface Mounted {
  el: AttentionPlayground;
  /** The element with `data-testid` = `id` in the playground (throws when there is none). */
  find(id: string): HTMLElement;
  /** The elements matching `selector` in the playground. */
  all<E extends Element = HTMLElement>(selector: string): E[];
  /** The first element matching `selector` in the playground, or null. */
  one<E extends Element = HTMLElement>(selector: string): E | null;
  /** The normalised text of the element with `data-testid` = `id` ('' while there is none). */
  text(id: string): string;
  /** The value of the input or select with `data-testid` = `id` (null while there is none). */
  value(id: string): string | null;
  /** Whether the element with `data-testid` = `id` is visible (false while there is none). */
  visible(id: string): boolean;
}

const errors: string[] = [];
let consoleError: MockInstance<typeof console.error> | null = null;
const onError = (e: ErrorEvent) => errors.push(`page error: ${e.message}`);
const onRejection = (e: PromiseRejectionEvent) => errors.push(`unhandled rejection: ${String(e.reason)}`);

/** Watch the page's console errors and uncaught errors in every test of the file; remove the playgrounds after each. */
export function watchPlaygrounds(): void {
  beforeEach(async () => {
    errors.length = 0;
    await page.viewport(VIEWPORT.width, VIEWPORT.height);
    consoleError = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void errors.push(`console.error: ${args.map(String).join(' ')}`));
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onRejection);
  });
  afterEach(() => {
    consoleError?.mockRestore();
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
    for (const p of document.querySelectorAll('attention-playground')) p.remove();
    expect(errors, 'the page reported problems').toEqual([]);
  });
}

/**
 * Put an <attention-playground> with `attributes` (e.g. panels, state, lang) in the document and wait until its
 * panels are built (no placeholder left) and its first result is shown.
 */
export async function mount(attributes: Record<string, string>): Promise<Mounted> {
  const el = document.createElement('attention-playground') as AttentionPlayground;
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
  document.body.append(el);
  const root = el.shadowRoot!;
  await expect
    .poll(() => el.getOutcome() !== null && root.querySelector('.playground') !== null && root.querySelector('.panel-placeholder') === null, {
      ...WAIT,
      message: 'the playground built, every panel loaded, the first result computed',
    })
    .toBe(true);
  const one = <E extends Element = HTMLElement>(selector: string) => root.querySelector<E>(selector);
  const byId = (id: string) => one(`[data-testid="${id}"]`);
  return {
    el,
    one,
    all: <E extends Element = HTMLElement>(selector: string) => [...root.querySelectorAll<E>(selector)],
    find: (id) => {
      const found = byId(id);
      if (!found) throw new Error(`no element with data-testid="${id}"`);
      return found;
    },
    text: (id) => textOf(byId(id)),
    value: (id) => (byId(id) as HTMLInputElement | HTMLSelectElement | null)?.value ?? null,
    visible: (id) => isVisible(byId(id)),
  };
}

/** Playwright's whitespace normalisation of a text (toHaveText, toContainText). */
export const normalized = (text: string | null | undefined): string =>
  (text ?? '')
    .replace(/\u200b/g, '')
    .trim()
    .replace(/\s+/g, ' ');

/** The normalised text content of an element ('' when there is none). */
export const textOf = (e: Element | null): string => normalized(e?.textContent);

/** Visible as Playwright means it: in the document, a box of some size, and not visibility: hidden. */
export function isVisible(e: Element | null): boolean {
  if (!e || !e.isConnected) return false;
  const box = e.getBoundingClientRect();
  return box.width > 0 && box.height > 0 && getComputedStyle(e).visibility !== 'hidden';
}

/** The element that has the keyboard focus, inside the shadow roots it is in. */
export function focused(): Element | null {
  let e = document.activeElement;
  while (e?.shadowRoot?.activeElement) e = e.shadowRoot.activeElement;
  return e;
}

/** Wait for two frames (layout and paint settled). */
export const twoFrames = (): Promise<void> => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));

/** The weights head `head` shows, from its table alternative, and the values printed in its cells (as tests/e2e/playground.ts reads them). */
export function readHeatmap(p: Mounted, head = 0): ShownHeatmap {
  const sel = `[data-testid=head-${head}]`;
  const at = (e: Element) => ({ row: Number(e.getAttribute('data-row')), col: Number(e.getAttribute('data-col')), text: (e.textContent ?? '').trim() });
  return {
    cells: p.all(`${sel} .hm-table td[data-row]`).map((td) => ({ ...at(td), masked: td.getAttribute('data-masked') === '1' })),
    values: p.all(`${sel} text.hm-value`).map(at),
  };
}

/** A heatmap against expected weights (null = masked), to the precision it shows. */
export function checkWeights(shown: ShownHeatmap, expected: MaskedMatrix, what: string): void {
  const want = shownTexts(expected);
  expect(asGrid(shown.cells), `${what}: table of weights`).toEqual(want.table);
  if (shown.values.length > 0) expect(asGrid(shown.values), `${what}: values printed in the cells`).toEqual(want.values);
}

/** Head 0's weights the playground computed, as rows (null while it has no result). */
export function weightsOf(el: AttentionPlayground): number[][] | null {
  const o = el.getOutcome();
  const w = o?.ok ? o.view.heads[0].weights : null;
  return w ? Array.from({ length: w.rows }, (_, i) => Array.from(w.data.subarray(i * w.cols, (i + 1) * w.cols))) : null;
}
