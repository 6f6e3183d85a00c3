// experiment-runs.ts — running an experiment of the experiments panel from
// the page, and reading the reports it downloads.

import { readFile } from 'node:fs/promises';
import { expect, type Locator, type Page } from '@playwright/test';

/** Click Run on `name` and wait for its result; returns the "done in N ms" figure. */
export async function runFromPage(page: Page, name: string, timeout = 60_000): Promise<number> {
  await page.locator(`[data-testid=exp-run-${name}]`).click();
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
