// iframe-clipboard.spec.ts — the Copy buttons inside a learning platform's iframe.
// A host page on another origin (http://localhost:<its port>, the site is http://127.0.0.1:<E2E_PORT>) embeds
// the site twice with the README's `iframe-embed` snippet (web/examples/README.md): as written, with
// allow="clipboard-write", and with that attribute taken out. The context has the clipboard permissions a
// user's browser gives a page. In the allowed frame every Copy button writes the clipboard through
// navigator.clipboard (read back). In the other, Chromium refuses navigator.clipboard (NotAllowedError,
// permissions policy: the page sees it and does not call it) and the click copies through execCommand('copy');
// where execCommand is refused too (as some browsers do: simulated in that frame), the text is shown selected in
// a focused box with the message; the user's Ctrl+C from the box puts it on the clipboard, Escape or Close
// (by keyboard) closes it and gives the focus back to the button.

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Frame, Page } from '@playwright/test';
import { snippet } from '../../scripts/snippets.mjs';
import { EN } from '../../web/src/i18n/i18n';
import { expect, report, screenshot, test } from './fixtures';
import { plotted } from './playground';

/** The placeholder of the snippet that a teacher replaces with where the site is served (the README says so). */
const PLACEHOLDER = 'https://<user>.github.io/<repo>/';

/** In every frame: a log of what the page's copy attempts gave; `refuseCopy` makes execCommand('copy') refuse, as some browsers do. */
function logCopies(): void {
  const log: string[] = [];
  const w = window as unknown as { copyLog: string[]; refuseCopy?: boolean };
  w.copyLog = log;
  const clipboard = navigator.clipboard as Clipboard | undefined;
  if (clipboard) {
    const write = clipboard.writeText.bind(clipboard);
    clipboard.writeText = (text: string) =>
      write(text).then(
        () => void log.push('writeText ok'),
        (e: unknown) => {
          log.push(`writeText ${e instanceof Error ? e.name : String(e)}`);
          throw e;
        },
      );
  }
  const exec = document.execCommand.bind(document);
  document.execCommand = (command: string, ui?: boolean, value?: string) => {
    if (command === 'copy' && w.refuseCopy) {
      log.push('execCommand copy refused');
      return false;
    }
    const ok = exec(command, ui, value);
    log.push(`execCommand ${command} ${ok}`);
    return ok;
  };
}

/** The host page: the snippet as written in #allowed, without allow="clipboard-write" in #blocked. */
function hostPage(site: string): string {
  const embed = snippet('iframe-embed');
  expect(embed, 'the README snippet has the placeholder address').toContain(PLACEHOLDER);
  expect(embed, 'the README snippet allows clipboard-write').toContain(' allow="clipboard-write"');
  const allowed = embed.replace(PLACEHOLDER, site);
  const blocked = allowed.replace(' allow="clipboard-write"', '');
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A course page on another origin</title></head><body>',
    '<h1>Course notes (the learning platform’s origin)</h1>',
    `<h2>iframe with allow="clipboard-write"</h2><div id="allowed">${allowed}</div>`,
    `<h2>iframe without it</h2><div id="blocked">${blocked}</div>`,
    '</body></html>',
  ].join('\n');
}

async function frameOf(page: Page, id: string): Promise<Frame> {
  const frame = await (await page.locator(`#${id} iframe`).elementHandle())?.contentFrame();
  if (!frame) throw new Error(`no frame in #${id}`);
  return frame;
}

const readClipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());
const writeClipboard = (page: Page, text: string) => page.evaluate((t) => navigator.clipboard.writeText(t), text);
const copyLog = async (frame: Frame) => frame.evaluate(() => (window as unknown as { copyLog: string[] }).copyLog.splice(0));

test('iframe clipboard: Copy buttons write the clipboard with allow="clipboard-write", and show the text selected where copying is refused', async ({
  page,
  context,
  url,
  server,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await context.addInitScript(logCopies);
  const dir = mkdtempSync(join(tmpdir(), 'iframe-clipboard-'));
  writeFileSync(join(dir, 'index.html'), hostPage(url));
  const host = (await server({ root: dir, csp: false })).url.replace('127.0.0.1', 'localhost');
  expect(new URL(host).origin, 'the host is another origin than the site').not.toBe(new URL(url).origin);
  await page.goto(host);
  const allowedFrame = page.frameLocator('#allowed iframe');
  const blockedFrame = page.frameLocator('#blocked iframe');
  await plotted(allowedFrame);
  await plotted(blockedFrame);
  const allowed = await frameOf(page, 'allowed');
  const blocked = await frameOf(page, 'blocked');
  await copyLog(allowed);
  await copyLog(blocked);
  const policy = (frame: Frame) =>
    frame.evaluate(() => (document as Document & { featurePolicy?: { allowsFeature(f: string): boolean } }).featurePolicy?.allowsFeature('clipboard-write'));
  expect([await policy(allowed), await policy(blocked)], 'the permissions policy of the two frames (allowed, blocked)').toEqual([true, false]);

  // 1. allowed: each Copy button puts its text on the clipboard through the Clipboard API
  const copied: Record<string, string> = {};
  for (const id of ['copy-link', 'copy-embed', 'copy-pytorch']) {
    await writeClipboard(page, 'before');
    await allowedFrame.locator(`[data-testid=${id}]`).click();
    await expect(allowedFrame.locator('[data-testid=export-status]'), `${id}: "Copied!"`).toHaveText(EN['export.copied']);
    await expect.poll(() => readClipboard(page), `${id}: the clipboard`).not.toBe('before');
    copied[id] = await readClipboard(page);
    expect(await copyLog(allowed), `${id}: how it was copied in the allowed frame`).toEqual(['writeText ok']);
  }
  expect(copied['copy-link'], 'the link copied').toMatch(new RegExp(`^${url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}.*#`));
  expect(copied['copy-embed'], 'the embed code copied').toContain(`<iframe class="attention-playground-frame" src="${url}?embed#`);
  expect(copied['copy-embed'], 'the embed code allows clipboard-write').toContain('allow="clipboard-write"');
  expect(copied['copy-pytorch'], 'the PyTorch script copied').toContain('import torch');
  await expect(allowedFrame.locator('[data-testid=copy-fallback]'), 'no fallback box where copying works').toHaveCount(0);
  report(
    `allowed frame: copied a link of ${copied['copy-link'].length}, an embed code of ${copied['copy-embed'].length} and a script of ${copied['copy-pytorch'].length} characters`,
  );

  // 2. blocked, a real click: the permissions policy forbids the Clipboard API (so it is not called: Chromium would log
  //    a violation); Chromium still copies a click through execCommand('copy')
  await writeClipboard(page, 'before');
  await blockedFrame.locator('[data-testid=copy-link]').click();
  await expect.poll(() => readClipboard(page), 'blocked frame, a click: the clipboard').toBe(copied['copy-link']);
  expect(await copyLog(blocked), 'blocked frame, a click: how it was copied').toEqual(['execCommand copy true']);
  await expect(blockedFrame.locator('[data-testid=export-status]'), 'blocked frame, a click: "Copied!"').toHaveText(EN['export.copied']);
  await expect(blockedFrame.locator('[data-testid=copy-fallback]'), 'no fallback box when execCommand copied').toHaveCount(0);

  // 3. blocked, in a browser that refuses execCommand('copy') too: the text is shown, selected and focused
  await blocked.evaluate(() => ((window as unknown as { refuseCopy: boolean }).refuseCopy = true));
  await writeClipboard(page, 'before');
  await blockedFrame.locator('[data-testid=copy-pytorch]').click();
  const box = blockedFrame.locator('[data-testid=copy-fallback]');
  const area = blockedFrame.locator('[data-testid=copy-fallback-text]');
  await expect(box, 'the fallback box').toBeVisible();
  expect(await copyLog(blocked), 'blocked frame, execCommand refused: how it was tried').toEqual(['execCommand copy refused']);
  await expect(blockedFrame.locator('[data-testid=copy-fallback-message]'), 'the message').toHaveText(EN['copy.blocked']);
  await expect(area, 'the text shown').toHaveValue(copied['copy-pytorch']);
  await expect(area, 'the text is read-only').not.toBeEditable();
  await expect(area, 'the text is focused').toBeFocused();
  const selection = await area.evaluate((a: HTMLTextAreaElement) => [a.selectionStart, a.selectionEnd, a.value.length]);
  expect(selection, 'the whole text is selected').toEqual([0, copied['copy-pytorch'].length, copied['copy-pytorch'].length]);
  await expect(blockedFrame.locator('[data-testid=export-status]'), 'no "Copied!" when nothing was copied').toHaveText('');
  expect(await readClipboard(page), 'nothing was copied').toBe('before');
  await area.scrollIntoViewIfNeeded();
  report(`screenshot: ${await screenshot(page, 'iframe-clipboard-1280.png')}`);
  const framePath = test.info().outputPath('iframe-clipboard-blocked-frame.png');
  await page.locator('#blocked iframe').screenshot({ path: framePath });
  report(`screenshot: ${framePath}`);

  // the user's own Ctrl+C copies the selected text; Escape closes the box and gives the focus back to the button
  await area.press('Control+C');
  await expect.poll(() => readClipboard(page), 'Ctrl+C in the box: the clipboard').toBe(copied['copy-pytorch']);
  await area.press('Escape');
  await expect(box, 'Escape closes the box').toHaveCount(0);
  await expect(blockedFrame.locator('[data-testid=copy-pytorch]'), 'the focus is back on the button').toBeFocused();

  // the Close button, by keyboard: Tab from the text to Close, Enter
  await blockedFrame.locator('[data-testid=copy-link]').click();
  await expect(area, 'the link shown').toHaveValue(copied['copy-link']);
  await expect(area, 'focused again').toBeFocused();
  await page.keyboard.press('Tab');
  await expect(blockedFrame.locator('[data-testid=copy-fallback-close]'), 'Tab reaches Close').toBeFocused();
  await page.keyboard.press('Enter');
  await expect(box, 'Close closes the box').toHaveCount(0);
  await expect(blockedFrame.locator('[data-testid=copy-link]'), 'the focus is back on Copy link').toBeFocused();
});
