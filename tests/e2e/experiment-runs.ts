// experiment-runs.ts — running an experiment of the experiments panel from
// the page, and reading the reports it downloads.

import { readFile } from 'node:fs/promises';
import { expect, type Locator, type Page } from '@playwright/test';

/** Click Run on `name` and wait for its result; returns the "done in N ms" figure. */
export async function runFromPage(page: Page, name: string, timeout = 60_000): Promise<number> {
  await page.locator(`[data-testid=exp-run-${name}]`).click();
  // the click marks the card running at once; a second run's card still shows the first run's result and time
  // until this one is done, so wait for the run to end before reading either
  await expect(page.locator(`[data-testid=exp-${name}]`), `${name}: the run ends`).not.toHaveClass(/\bis-running\b/, { timeout });
  await page.locator(`[data-testid=exp-${name}] .exp-result:not([hidden])`).waitFor({ state: 'visible', timeout });
  const status = page.locator(`[data-testid=exp-status-${name}]`);
  await expect(status, `${name}: the status says how long it took`).toHaveText(/\d+ ms/, { timeout });
  return Number(/(\d+) ms/.exec((await status.textContent()) ?? '')![1]);
}

/** Click a download button; the file's name and text. */
export async function downloadText(page: Page, testid: string): Promise<{ name: string; text: string }> {
  const [dl] = await Promise.all([page.waitForEvent('download'), page.locator(`[data-testid=${testid}]`).click()]);
  return { name: dl.suggestedFilename(), text: await readFile(await dl.path(), 'utf8') };
}

/** An experiment card at `width` px: nothing in it scrolls sideways (screen-reader-only copies aside), and it fits the viewport. */
export async function expectCardFits(card: Locator, width: number): Promise<void> {
  const wide = await card.evaluate((root) =>
    [root, ...root.querySelectorAll('*')]
      .filter(
        (e) =>
          e instanceof HTMLElement &&
          e.offsetParent !== null &&
          !e.closest('.fig-sr-only') &&
          e.scrollWidth > e.clientWidth + 1 &&
          getComputedStyle(e).overflowX !== 'visible',
      )
      .map((e) => `${e.tagName.toLowerCase()}.${(e as HTMLElement).className}: ${e.scrollWidth} > ${e.clientWidth}`),
  );
  expect(wide, `elements of the card that scroll sideways at ${width} px`).toEqual([]);
  const box = (await card.boundingBox())!;
  expect(box.x + box.width, 'the card fits the viewport').toBeLessThanOrEqual(width + 0.5);
}

/**
 * Click `name`'s Cancel inside the page. Returns whether its status read one of `texts` before any
 * other task ran (Cancel does not wait for the worker: the promise rejects and the card says so in
 * the click's own task and its microtasks), and the milliseconds that took, a figure to report.
 * Counting tasks rather than milliseconds keeps this exact on a loaded machine.
 */
export async function cancelInPage(page: Page, name: string, texts: string[]): Promise<{ sameTask: boolean; ms: number }> {
  return page.evaluate(
    ({ name, texts }) =>
      new Promise<{ sameTask: boolean; ms: number }>((resolve) => {
        const root = document.querySelector('attention-playground')!.shadowRoot!;
        const status = root.querySelector(`[data-testid=exp-status-${name}]`)!;
        const says = () => texts.some((text) => (status.textContent ?? '').includes(text));
        let otherTask = false;
        let start = 0;
        const observer = new MutationObserver(() => {
          if (!says()) return;
          observer.disconnect();
          resolve({ sameTask: !otherTask, ms: performance.now() - start });
        });
        observer.observe(status, { childList: true, characterData: true, subtree: true });
        setTimeout(() => (otherTask = true), 0); // the first task after the click's
        start = performance.now();
        root.querySelector<HTMLButtonElement>(`[data-testid=exp-cancel-${name}]`)!.click();
      }),
    { name, texts },
  );
}
