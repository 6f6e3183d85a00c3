// scorm.spec.ts — the SCORM 1.2 package (npm run build:scorm → dist-scorm/, run by scripts/test.sh after
// build:single) in a real SCORM 1.2 runtime: the zip unpacked with fflate into a folder of the test, served
// beside a host page that plays the LMS — scorm-again's Scorm12API as window.API (its dist file copied in,
// loaded as a script file), the committed data model kept in the host's localStorage, the manifest's launch
// href in an iframe. A learner passes two exercises of lesson 1, the runtime's data model has the score and
// the status, and after a reload of the host the SCO resumes from suspend_data (not from this browser's own
// copy of the progress). Also: the page opened without an LMS is a plain page; a teacher's lesson file is
// packaged as lesson.json, and a file with a problem is refused with the page's own message.
//
// The packaged page is the offline one-file page, whose code is inline: it is served without the strict CSP
// header (as an LMS serves a package's files), and the host page uses no inline script.

import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { FrameLocator, Page } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { expect, report, test } from './fixtures';
import { plotted } from './playground';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** Lesson 1's file (read as text: Playwright's loader takes no JSON module without an import attribute). */
const softmax = JSON.parse(readFileSync(join(ROOT, 'web/src/lessons/course/01-softmax.json'), 'utf8')) as {
  title: Record<string, string>;
  steps: { exercise?: { id: string; solution: string } }[];
};
const ZIP = join(ROOT, 'dist-scorm', 'attention-playground-dot-product-softmax.zip');
/** scorm-again's browser build: a classic script that defines window.Scorm12API. */
const RUNTIME = createRequire(import.meta.url).resolve('scorm-again/scorm12/min');
/** Where the host keeps the LMS's record (the committed data model). */
const RECORD = 'scorm-host.cmi';
/** The record as it was at the last LMSFinish. */
const FINISHED = 'scorm-host.finished';

/** The host page: the LMS's side, as a platform has it (no inline script, so it also runs under a strict CSP). */
const HOST_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>SCORM 1.2 host</title>
    <script src="scorm12.min.js"></script>
    <script src="host.js"></script>
  </head>
  <body>
    <iframe id="sco" title="The lesson" width="1240" height="860"></iframe>
  </body>
</html>
`;

/** scorm-again as window.API, started from the record kept at the last commit; the SCO's href from ?launch=. */
const HOST_JS = `const saved = localStorage.getItem(${JSON.stringify(RECORD)});
const api = new window.Scorm12API({ autocommit: false });
if (saved) api.loadFromJSON(JSON.parse(saved));
const keep = () => localStorage.setItem(${JSON.stringify(RECORD)}, JSON.stringify(api.renderCMIToJSONObject().cmi));
api.on('LMSCommit', keep);
api.on('LMSFinish', () => {
  keep();
  localStorage.setItem(${JSON.stringify(FINISHED)}, localStorage.getItem(${JSON.stringify(RECORD)}));
});
window.API = api;
window.addEventListener('DOMContentLoaded', () => {
  document.getElementById('sco').src = new URLSearchParams(location.search).get('launch');
});
`;

/** What the test reads of scorm-again's data model. */
interface Cmi {
  suspend_data: string;
  core: { lesson_status: string; lesson_location: string; exit: string; score: { raw: string; min: string; max: string } };
}

declare global {
  interface Window {
    API?: { renderCMIToJSONObject(): { cmi: Cmi } };
  }
}

/** The package `zip` unpacked into a folder of this test, with the host page and the runtime beside it; the manifest's text and launch href. */
function unpack(zip: string, name: string): { dir: string; manifest: string; href: string; files: string[] } {
  expect(existsSync(zip), `${zip} is missing: run \`npm run build:scorm\``).toBe(true);
  const files = unzipSync(readFileSync(zip));
  const dir = test.info().outputPath(name);
  mkdirSync(dir, { recursive: true });
  for (const [file, data] of Object.entries(files)) writeFileSync(join(dir, file), data);
  copyFileSync(RUNTIME, join(dir, 'scorm12.min.js'));
  writeFileSync(join(dir, 'host.html'), HOST_HTML);
  writeFileSync(join(dir, 'host.js'), HOST_JS);
  const manifest = strFromU8(files['imsmanifest.xml'] ?? new Uint8Array());
  const href = (/adlcp:scormtype="sco" href="([^"]+)"/.exec(manifest)?.[1] ?? '').replaceAll('&amp;', '&');
  return { dir, manifest, href, files: Object.keys(files).sort() };
}

/** The cells of a matrix of a state piece ("Q=1.5,0;1.5,-1;…"). */
const cellsOf = (piece: string, name: string): string[][] => (new URLSearchParams(piece).get(name) ?? '').split(';').map((row) => row.split(','));

/** The solution of lesson 1's exercise `id`: its query matrix, as the state holds a matrix typed in. */
function solutionQ(id: string): { kind: 'cells'; cells: string[][] } {
  const step = softmax.steps.find((s) => s.exercise?.id === id);
  if (!step?.exercise) throw new Error(`lesson 1 has no exercise ${id}`);
  return { kind: 'cells', cells: cellsOf(step.exercise.solution, 'Q') };
}

/** The learner sets the query matrix (as a drag or typed cells would), keeping the step's K and V. */
async function setQ(scope: Page | FrameLocator, Q: { kind: 'cells'; cells: string[][] }): Promise<void> {
  await scope.locator('attention-playground').evaluate((el, q) => {
    const pg = el as HTMLElement & { getState(): { matrices: Record<string, unknown> }; setState(p: object): void };
    pg.setState({ matrices: { ...pg.getState().matrices, Q: q } });
  }, Q);
}

/** The runtime's data model, as the host page holds it now. */
const cmiOf = (page: Page): Promise<Cmi> => page.evaluate(() => (window.API as NonNullable<Window['API']>).renderCMIToJSONObject().cmi);

/** The record the host kept at the last commit (or, with FINISHED, at the last LMSFinish). */
const recordOf = (page: Page, key = RECORD): Promise<Cmi | null> => page.evaluate((k) => JSON.parse(localStorage.getItem(k) ?? 'null') as Cmi | null, key);

test('the package: imsmanifest.xml (SCORM 1.2, one organization, one item, one SCO) and the one-file page', () => {
  const { manifest, href, files } = unpack(ZIP, 'package');
  expect(files).toEqual(['imsmanifest.xml', 'index.html']);
  expect(manifest).toContain('<schema>ADL SCORM</schema>');
  expect(manifest).toContain('<schemaversion>1.2</schemaversion>');
  expect(manifest).toContain('xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2"');
  for (const tag of ['<organization ', '<item ', '<resource ']) expect(manifest.split(tag), `one ${tag}`).toHaveLength(2);
  expect(manifest.match(/<title>([^<]*)<\/title>/g)).toEqual(['<title>Dot products and softmax</title>', '<title>Dot products and softmax</title>']);
  expect(href).toBe('index.html?scorm&lesson=dot-product-softmax');
  report(`SCORM: ${ZIP.slice(ROOT.length)} ${(readFileSync(ZIP).length / 1024).toFixed(0)} KiB`);
});

test('in scorm-again: two exercises passed are the score and status of the LMS, and a reload resumes from suspend_data', async ({ newPage, server }) => {
  const { dir, href } = unpack(ZIP, 'lms');
  const s = await server({ root: dir, csp: false });
  const page = await newPage({ url: `${s.url}host.html?launch=${encodeURIComponent(href)}`, wait: false });
  const sco = page.frameLocator('#sco');
  await expect(sco.locator('[data-testid=lesson-count]')).toHaveText('Step 1 of 6');
  await plotted(sco);
  await expect.poll(async () => (await cmiOf(page)).core.lesson_status, 'a first launch is incomplete').toBe('incomplete');

  await sco.locator('[data-testid=lesson-next]').click();
  await expect(sco.locator('[data-testid=lesson-count]')).toHaveText('Step 2 of 6');
  await setQ(sco, solutionQ('cat-mat'));
  await expect(sco.locator('[data-testid=lesson-status]')).toHaveText('Passed ✓ — 1 of 1');
  await expect.poll(async () => (await cmiOf(page)).core.score.raw).toBe('1');
  await sco.locator('[data-testid=lesson-next]').click();
  await expect(sco.locator('[data-testid=lesson-count]')).toHaveText('Step 3 of 6');
  await setQ(sco, solutionQ('on-mat-half'));
  await expect(sco.locator('[data-testid=lesson-status]')).toHaveText('Passed ✓ — 1 of 1');
  await expect(sco.locator('[data-testid=lesson-score]')).toHaveText('Score: 2 of 4 · 2 of 4 exercises passed');

  // the runtime's data model, and what the host kept at the last commit
  await expect.poll(async () => (await recordOf(page))?.core.score.raw, 'committed').toBe('2');
  for (const cmi of [await cmiOf(page), await recordOf(page)]) {
    expect(cmi?.core.score).toEqual({ raw: '2', min: '0', max: '4' });
    expect(cmi?.core.lesson_status, 'lesson 1 has 4 exercises: incomplete').toBe('incomplete');
    expect(cmi?.core.lesson_location).toBe('3');
    expect(JSON.parse(cmi?.suspend_data ?? '{}')).toMatchObject({
      version: 1,
      lesson: 'dot-product-softmax',
      step: 3,
      exercises: { 'cat-mat': { passed: true, score: 1 }, 'on-mat-half': { passed: true, score: 1 } },
    });
  }

  // this browser's own copy of the progress says nothing has passed: only suspend_data can bring the two back
  await page.evaluate(() => {
    for (const key of Object.keys(localStorage)) if (key.startsWith('attention-playground.')) localStorage.removeItem(key);
    localStorage.setItem(
      'attention-playground.lesson.dot-product-softmax',
      JSON.stringify({ version: 1, lesson: 'dot-product-softmax', step: 1, exercises: {} }),
    );
  });
  await page.reload();
  await expect(sco.locator('[data-testid=lesson-count]'), 'back at the step of suspend_data').toHaveText('Step 3 of 6');
  await expect(sco.locator('[data-testid=lesson-score]')).toHaveText('Score: 2 of 4 · 2 of 4 exercises passed');
  // passed, kept from before (the step opens with its start state, which does not meet the check)
  await expect(sco.locator('[data-testid=lesson-status]')).toHaveText(/^Passed ✓ — 1 of 1/);
  const grade = await sco.locator('attention-playground').evaluate((el) => (el as HTMLElement & { getGrade(): unknown }).getGrade());
  expect(grade).toMatchObject({ lesson: 'dot-product-softmax', score: 2, maxScore: 4, passed: 2, complete: false });
  await sco.locator('[data-testid=lesson-back]').click();
  await expect(sco.locator('[data-testid=lesson-status]'), 'step 2 passed too').toHaveText(/^Passed ✓ — 1 of 1/);
  const finished = await recordOf(page, FINISHED);
  expect(finished?.core.exit, 'the first session ended with LMSFinish, asking the LMS to keep suspend_data').toBe('suspend');
  expect(finished?.core.score.raw).toBe('2');
  expect((await cmiOf(page)).core.score.raw, 'the runtime, started from the record, still has the score').toBe('2');
});

test('without an LMS the page is a plain page: ?scorm with or without a lesson', async ({ newPage, server }) => {
  const { dir } = unpack(ZIP, 'plain');
  const s = await server({ root: dir, csp: false });
  const page = await newPage({ url: `${s.url}index.html?scorm&lesson=dot-product-softmax`, wait: false });
  await expect(page.locator('[data-testid=lesson-count]')).toHaveText('Step 1 of 6');
  await plotted(page);
  await page.locator('[data-testid=lesson-next]').click();
  await setQ(page, solutionQ('cat-mat'));
  await expect(page.locator('[data-testid=lesson-status]')).toHaveText('Passed ✓ — 1 of 1');
  expect(await page.evaluate(() => 'API' in window)).toBe(false);
  const first = await newPage({ url: `${s.url}index.html?scorm`, wait: false });
  await plotted(first);
  await expect(first.locator('[data-testid=lesson]')).toHaveCount(0);
});

const run = promisify(execFile);

test("a teacher's lesson file: packaged as lesson.json and launched by it; a file with a problem is refused", async ({ newPage, server }) => {
  test.setTimeout(180_000); // a build of the one-file page
  const work = test.info().outputPath('teacher');
  mkdirSync(work, { recursive: true });
  const mine = { ...softmax, id: 'my-softmax', title: { en: 'My softmax & me', zh: '我的 softmax' }, steps: softmax.steps.slice(0, 3) };
  writeFileSync(join(work, 'mine.json'), JSON.stringify(mine));
  const broken = { ...mine, steps: [{ ...mine.steps[0], state: 42 }] };
  writeFileSync(join(work, 'broken.json'), JSON.stringify(broken));

  const refused = await run('node', ['scripts/build-scorm.mjs', '--lesson', join(work, 'broken.json'), '--out', join(work, 'out')], { cwd: ROOT }).catch(
    (e: { code: number; stderr: string }) => e,
  );
  expect('code' in refused && refused.code, 'a bad lesson file fails the build').toBe(1);
  expect((refused as { stderr: string }).stderr).toMatch(/steps\[0\]\.state: must be a piece of a share link/);
  expect(existsSync(join(work, 'out')), 'nothing packaged').toBe(false);

  await run('node', ['scripts/build-scorm.mjs', '--lesson', join(work, 'mine.json'), '--out', join(work, 'out'), '--logLevel', 'warn'], { cwd: ROOT });
  const { dir, manifest, href, files } = unpack(join(work, 'out', 'attention-playground-my-softmax.zip'), 'teacher-package');
  expect(files).toEqual(['imsmanifest.xml', 'index.html', 'lesson.json']);
  expect(href).toBe('index.html?scorm&lesson=lesson.json');
  expect(manifest).toContain('<title>My softmax &amp; me</title>');
  expect(JSON.parse(readFileSync(join(dir, 'lesson.json'), 'utf8'))).toEqual(mine);

  const s = await server({ root: dir, csp: false });
  const page = await newPage({ url: `${s.url}host.html?launch=${encodeURIComponent(href)}`, wait: false });
  const sco = page.frameLocator('#sco');
  await expect(sco.locator('[data-testid=lesson-count]')).toHaveText('Step 1 of 3');
  await sco.locator('[data-testid=lesson-next]').click();
  await setQ(sco, solutionQ('cat-mat'));
  await expect(sco.locator('[data-testid=lesson-status]')).toHaveText('Passed ✓ — 1 of 1');
  await expect.poll(async () => (await recordOf(page))?.core.score).toEqual({ raw: '1', min: '0', max: '2' });
  expect(JSON.parse((await cmiOf(page)).suspend_data)).toMatchObject({ lesson: 'my-softmax', step: 2 });
});
