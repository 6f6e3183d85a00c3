// experiment-runs.ts — running an experiment of the experiments panel from
// the page, and reading the reports it downloads.

import { readFile } from 'node:fs/promises';
import { expect, type Page } from '@playwright/test';

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
