// embedding.ts — the playground on other pages: the iframe host example and
// its postMessage conversation, the course-notes example, a page of some
// other site that loads attention-playground.js, and the seed 000 weights
// such pages read back.

import { expect, type Page } from '@playwright/test';
import { MSG } from '../../web/src/component/embed-protocol';
import type { PageOptions } from './fixtures';
import { seedCausalZeros } from './reference';

/** The message types, page ↔ parent (web/src/component/embed-protocol.ts). */
export { MSG };

/** A command to the embedded page. */
export interface Command {
  type: string;
  id: string | number;
  [key: string]: unknown;
}

/** An answer of the embedded page. */
export interface Answer {
  type: string;
  id: string | number;
  ok?: boolean;
  message?: string;
  weights?: number[][][];
  out?: number[][];
  state?: { op: string };
  result?: { pass?: boolean };
}

/** The seed 000 weights with the causal mask, as 6-decimal texts (what the iframe host example prints). */
export const seedHostTexts = (): string[][] => seedCausalZeros().map((row) => row.map((v) => v.toFixed(6)));

/** `w` is the seed 000 causal weights within 1e-12; row 1 is [0.4994…, 0.5006…, 0]. */
export function checkSeedRows(w: number[][] | null | undefined, what: string): void {
  const want = seedCausalZeros();
  expect(Array.isArray(w) && w.length === 3, `${what}: no 3×3 weights: ${JSON.stringify(w)}`).toBe(true);
  const diff = Math.max(...want.flatMap((row, i) => row.map((v, j) => Math.abs(v - w![i][j]))));
  expect(diff, `${what}: max |Δ| = ${diff}: ${JSON.stringify(w)}`).toBeLessThan(1e-12);
  expect([w![1][0].toFixed(4), w![1][1].toFixed(4), w![1][2]], `${what}: row 1 is ${JSON.stringify(w![1])}`).toEqual(['0.4994', '0.5006', 0]);
}

/** The iframe host example at `base`, once the embedded playground answered. */
export async function openHost(newPage: (opts?: PageOptions) => Promise<Page>, base: string, opts: PageOptions = {}): Promise<Page> {
  const page = await newPage({ ...opts, url: `${base}examples/iframe-host.html`, wait: false });
  await page.locator('#load-seed:enabled').waitFor();
  return page;
}

/** Post commands to the host page's iframe; resolves with every answer that carries their ids, in arrival order. */
export const converse = (page: Page, messages: Command[], timeout = 20_000): Promise<Answer[]> =>
  page.evaluate(
    ({ messages, timeout, progress }) =>
      new Promise<Answer[]>((resolve, reject) => {
        const frame = document.querySelector<HTMLIFrameElement>('#frame')!.contentWindow!;
        const ids = new Set(messages.map((m) => m.id));
        const answers: Answer[] = [];
        const finals = new Set<string | number>();
        const timer = setTimeout(
          () => reject(new Error(`no answer to ${[...ids].filter((i) => !finals.has(i)).join(', ')}: ${JSON.stringify(answers)}`)),
          timeout,
        );
        window.addEventListener('message', (e: MessageEvent<Answer>) => {
          if (e.source !== frame || !ids.has(e.data?.id)) return;
          answers.push(e.data);
          if (e.data.type !== progress) finals.add(e.data.id);
          if (finals.size === ids.size) {
            clearTimeout(timer);
            resolve(answers);
          }
        });
        for (const m of messages) frame.postMessage(m, '*');
      }),
    { messages, timeout, progress: MSG.progress },
  );

/** The iframe's height, the height of the document inside it and its scroll height. */
export const frameHeights = (page: Page, selector = '#frame') =>
  page.evaluate((sel) => {
    const f = document.querySelector<HTMLIFrameElement>(sel)!;
    const doc = f.contentDocument!.documentElement;
    // the panels below the first screen arrive after it (import()); until then the page is still growing
    const waiting = f.contentDocument!.querySelector('attention-playground')?.shadowRoot?.querySelectorAll('.panel-placeholder').length ?? 1;
    return { frame: f.clientHeight, doc: Math.ceil(doc.getBoundingClientRect().height), scroll: doc.scrollHeight, waiting };
  }, selector);

/** A page of some other site that uses the component through one module script. */
export const componentPage = (src: string, body: string): string => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Lesson</title>
<script type="module" src="${src}"></script></head>
<body><main><h1>A lesson</h1>${body}</main></body></html>`;

/** Wait until the experiments-only playground of the notes page is built. */
export const experimentsReady = (page: Page): Promise<void> => page.locator('#scaling-example [data-testid=exp-run-scaling]').waitFor({ state: 'visible' });

/** Run the scaling experiment in the notes page's second playground; resolves with its result sentence. */
export async function runScaling(page: Page): Promise<string> {
  await page.locator('#scaling-example [data-testid=exp-run-scaling]').click();
  const sentence = page.locator('#scaling-example [data-testid=exp-scaling-sentence]');
  await expect(sentence, 'no result of the scaling experiment').not.toHaveText('', { timeout: 30_000 });
  return (await sentence.textContent()) ?? '';
}
