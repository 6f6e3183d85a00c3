// embed.spec.ts — the playground on other pages: the ?embed view and its
// hide flags, "Copy embed code" pasted into another page, and the
// course-notes example with two independent playgrounds.

import { expect, report, screenshot, test } from './fixtures';
import { checkSeedRows, componentPage, experimentsReady, frameHeights, runScaling } from './embedding';
import { loadSeed, open, plotted, snapshot, textOf, twoFrames, widths } from './playground';

test('embed: ?embed hides the page chrome; hide= and *_hide flags hide panels and controls; the hash is read, never written', async ({
  page,
  url,
  newPage,
}) => {
  await open(page, `${url}?embed&hide=steps,export,inputs`);
  const header = await page.locator('.page-header').boundingBox();
  expect(header === null || header.height <= 1, `the page header shows in the embed view: ${JSON.stringify(header)}`).toBe(true);
  await expect(page.locator('h1'), 'the h1 a screen reader finds in the embed view').toHaveCount(1);
  await expect(page.locator('.page-footer'), 'the page footer shows in the embed view').toBeHidden();
  for (const p of ['steps', 'export', 'inputs']) await expect(page.locator(`.panel-${p}`), `panels "${p}" with hide=steps,export,inputs`).toHaveCount(0);
  for (const p of ['operation', 'results']) await expect(page.locator(`.panel-${p}`), `panels "${p}" with hide=steps,export,inputs`).toHaveCount(1);

  const hash = '#op=multi_head&h=2&mask=causal&Q=1,0;0,1;1,1&K=1,0;0,1;1,1&V=1,2;3,4;5,6';
  const flagged = await newPage({ url: `${url}?embed&op_hide=1&preset_hide=true&steps_hide=1&lang_hide=1${hash}` });
  await flagged.locator('[data-testid=head-1]').waitFor({ state: 'visible' }); // the state from the hash: two heads
  await expect(flagged.locator('.panel-steps'), 'panels "steps" with steps_hide=1').toHaveCount(0);
  for (const c of ['op', 'preset', 'lang']) expect(await flagged.locator(`[data-testid=${c}]`).isHidden(), `the ${c} control shows with ${c}_hide`).toBe(true);
  expect(await flagged.locator('[data-testid=mask]').isVisible(), 'the mask control is hidden though not asked to be').toBe(true);
  expect(await flagged.locator('[data-testid=mask]').inputValue(), 'the causal mask from the hash').toBe('causal');
  const entries = await flagged.evaluate(() => history.length);
  await flagged.locator('[data-testid=mask]').selectOption('none');
  await expect(flagged.locator('[data-testid=head-0] td[data-masked="1"]'), 'masked cells after unchecking the mask').toHaveCount(0);
  expect(await flagged.evaluate(() => location.hash), 'the embed wrote the URL hash').toBe(hash);
  expect(await flagged.evaluate(() => history.length), 'the embed added history entries').toBe(entries);

  // the flags work on the full page too, without ?embed
  const full = await newPage({ url: `${url}?hide=export&options_hide=1` });
  expect(await full.locator('.page-header').isVisible(), 'the page header is hidden without ?embed').toBe(true);
  await expect(full.locator('.panel-export'), 'panels "export" with hide=export').toHaveCount(0);
  expect(await full.locator('.op-options').isHidden(), 'the option controls show with options_hide=1').toBe(true);
});

test('copy embed code: the script + element snippet and the iframe snippet reproduce the state on another page', async ({ page, url, newPage }) => {
  await open(page, url);
  await loadSeed(page);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.locator('[data-testid=copy-embed]').click();
  await expect(page.locator('[data-testid=export-status]'), 'no "copied" status').not.toHaveText('');
  const code = await page.evaluate(() => navigator.clipboard.readText());
  expect(code, 'the script tag').toContain(`<script type="module" src="${url}attention-playground.js"></script>`);
  expect(code, 'the element with the state').toMatch(/<attention-playground op="single_head" causal="true" matrices="\{&quot;X&quot;:\[\[0.1,0.2,0.3,0.4\]/);
  expect(code, 'the iframe').toContain(`<iframe class="attention-playground-frame" src="${url}?embed#op=single_head`);

  // paste both into a page of "course notes" and load it
  const host = await newPage({ wait: false });
  await host.route(`${url}course/snippet.html`, (r) =>
    r.fulfill({ contentType: 'text/html', body: componentPage('unused.js', code).replace('<script type="module" src="unused.js"></script>', '') }),
  );
  await host.goto(`${url}course/snippet.html`);
  await plotted(host.locator('attention-playground'));
  checkSeedRows((await snapshot(host)).weights, 'the pasted element');
  const frame = host.frameLocator('iframe');
  await plotted(frame);
  expect(await frame.locator('[data-testid=op]').inputValue(), 'operation in the pasted iframe').toBe('single_head');
  expect(await frame.locator('[data-testid=mask]').inputValue(), 'mask in the pasted iframe').toBe('causal');
  // the snippet's three lines size the iframe to its content
  await expect(async () => {
    const x = await frameHeights(host, 'iframe');
    expect(Math.abs(x.frame - x.doc), `the pasted iframe is ${x.frame} px for ${x.doc} px of content`).toBeLessThanOrEqual(1);
  }).toPass({ timeout: 15_000 });
});

test('notes page: two independent playgrounds (edit one, the other does not change); screenshots at 1280 and 375 px', async ({ page, url, newPage }) => {
  await page.goto(`${url}examples/notes.html`);
  const seed = page.locator('#seed-example');
  await plotted(seed);
  await experimentsReady(page);
  checkSeedRows((await snapshot(page, '#seed-example')).weights, 'the notes page’s seed 000 playground');
  await expect(page.locator('#seed-row'), 'the live line of the lesson').toHaveText('[0.4994, 0.5006, 0]');
  await expect(page.locator('#scaling-example .panel'), 'panels of the experiments-only playground').toHaveCount(1);
  await expect(seed.locator('[data-testid=experiments]'), 'an experiments panel in the seed playground').toHaveCount(0);
  const otherBefore = await snapshot(page, '#scaling-example');
  const seedBefore = await snapshot(page, '#seed-example');

  // edit the first: X[0][0] 0.1 → 0.9
  const x00 = seed.locator('[data-testid=grid-X] input[data-row="0"][data-col="0"]');
  await x00.fill('0.9');
  await x00.press('Tab');
  await expect
    .poll(async () => (await snapshot(page, '#seed-example')).weights, { message: 'the edited playground did not recompute' })
    .not.toEqual(seedBefore.weights);
  await expect(page.locator('#seed-row'), 'the live line did not follow the edit').not.toHaveText('[0.4994, 0.5006, 0]');
  expect(await snapshot(page, '#scaling-example'), 'the other playground after editing the first').toEqual(otherBefore);
  expect(await textOf(page.locator('#scaling-example [data-testid=exp-scaling-sentence]')), 'the other playground’s experiment after editing the first').toBe(
    '',
  );

  // use the second: run the scaling experiment (d = 1 … 1024) in its worker
  const sentence = await runScaling(page);
  expect(sentence, 'the scaling sentence mentions d = 64').toMatch(/64/);
  const seedAfter = await snapshot(page, '#seed-example');
  const X = seedAfter.state.matrices.X;
  expect(X?.kind === 'cells' ? X.cells[0]?.[0] : X, 'the first playground’s edit after running the experiment in the second').toBe('0.9');
  expect(seedAfter.weights, 'the first playground’s weights').toEqual((await snapshot(page, '#seed-example')).weights);
  expect(seedAfter.weights, 'the first playground lost its edit').not.toEqual(seedBefore.weights);
  expect(await seed.locator('[data-testid=grid-X] input[data-row="0"][data-col="0"]').inputValue(), 'the first playground’s cell').toBe('0.9');
  expect(await page.evaluate(() => location.hash), 'an embedded playground wrote the URL hash').toBe('');

  for (const [width, height] of [
    [1280, 900],
    [375, 812],
  ] as const) {
    const p = await newPage({ url: `${url}examples/notes.html`, width, height, wait: false });
    await plotted(p.locator('#seed-example'));
    await experimentsReady(p);
    await runScaling(p); // the screenshot shows the experiment's chart
    await twoFrames(p);
    const path = await screenshot(p, `notes-${width}.png`);
    const overflow = await widths(p);
    report(`screenshot: ${path} (document ${overflow.scroll} px wide in a ${overflow.client} px viewport)`);
    expect(overflow.scroll, `at ${width} px the notes page scrolls sideways: ${overflow.scroll} px`).toBeLessThanOrEqual(overflow.client);
  }
});
