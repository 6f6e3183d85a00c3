// embed.tests.mjs — end-to-end tests of hosting and embedding: the site under
// a sub-path, the web component file, the course-notes example, the ?embed
// view with its hide flags, the iframe driven by postMessage and its height,
// "Copy embed code", the offline single file from file://, the strict CSP,
// the two languages, and an axe-core accessibility check.
//
// run.mjs registers these with registerEmbedTests(helpers).

import { existsSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CSP } from './server.mjs';

const require = createRequire(import.meta.url);

/** The message types of web/src/component/embed.ts. */
const MSG = {
  set: 'attention-playground:set',
  get: 'attention-playground:get',
  run: 'attention-playground:run-experiment',
};

/**
 * Register the tests with run.mjs's `test` and helpers.
 * @param {{ test: Function, assert: Function, assertEqual: Function, eventually: Function, waitForPlot: Function, loadSeed: Function, readHeatmap: Function, seedWeights: Function, report: string[], ROOT: string, RESULTS: string }} h
 */
export function registerEmbedTests(h) {
  const { test, assert, assertEqual, eventually, waitForPlot, loadSeed, readHeatmap, seedWeights, report, ROOT, RESULTS } = h;

  /** The seed 000 weights with the causal mask, as 6-decimal texts (what the iframe host shows). */
  const seedTexts = () => seedWeights(true).map((row, i) => row.map((v, j) => (j > i ? 0 : v).toFixed(6)));

  /** Wait until the playground inside `scope` (a page, frame or element locator) has drawn head 0. */
  async function plotted(scope) {
    await scope.locator('[data-testid=head-0] canvas.hm-canvas').first().waitFor({ state: 'visible' });
  }

  /** Wait until the experiments-only playground of the notes page is built. */
  const experimentsReady = (scope) => scope.locator('#scaling-example [data-testid=exp-run-scaling]').waitFor({ state: 'visible' });

  /** Run the scaling experiment in the notes page's second playground; resolves with its result sentence. */
  async function runScaling(page) {
    await page.locator('#scaling-example [data-testid=exp-run-scaling]').click();
    const sentence = page.locator('#scaling-example [data-testid=exp-scaling-sentence]');
    await eventually(async () => assert(((await sentence.textContent()) ?? '').trim() !== '', 'no result of the scaling experiment'), 30_000);
    return sentence.textContent();
  }

  /** The exact weights and state of the <attention-playground> matching `selector`. */
  const snapshot = (page, selector = 'attention-playground') =>
    page.evaluate((sel) => {
      const el = document.querySelector(sel);
      const o = el.getOutcome();
      const w = o?.ok ? o.view.heads[0].weights : null;
      return {
        state: el.getState(),
        weights: w ? Array.from({ length: w.rows }, (_, i) => Array.from(w.data.subarray(i * w.cols, (i + 1) * w.cols))) : null,
      };
    }, selector);

  /** Row 1 of the seed 000 weights is [0.4994…, 0.5006…, 0]; check `w` against the plain-JS reference within 1e-12. */
  function checkSeedRows(w, what) {
    const want = seedWeights(true).map((row, i) => row.map((v, j) => (j > i ? 0 : v)));
    assert(Array.isArray(w) && w.length === 3, `${what}: no 3×3 weights: ${JSON.stringify(w)}`);
    const diff = Math.max(...want.flatMap((row, i) => row.map((v, j) => Math.abs(v - w[i][j]))));
    assert(diff < 1e-12, `${what}: max |Δ| = ${diff}: ${JSON.stringify(w)}`);
    assert(w[1][0].toFixed(4) === '0.4994' && w[1][1].toFixed(4) === '0.5006' && w[1][2] === 0, `${what}: row 1 is ${JSON.stringify(w[1])}`);
  }

  /** The iframe host page, once the embedded playground answered. */
  async function openHost(newPage, base, opts = {}) {
    const page = await newPage({ ...opts, url: `${base}examples/iframe-host.html`, wait: false });
    await page.locator('#load-seed:enabled').waitFor();
    return page;
  }

  /** Post commands to the host page's iframe; resolve with every answer that carries their ids, in arrival order. */
  const converse = (page, messages, timeout = 20_000) =>
    page.evaluate(
      ({ messages, timeout }) =>
        new Promise((resolve, reject) => {
          const frame = document.querySelector('#frame').contentWindow;
          const ids = new Set(messages.map((m) => m.id));
          const answers = [];
          const finals = new Set();
          const timer = setTimeout(
            () => reject(new Error(`no answer to ${[...ids].filter((i) => !finals.has(i)).join(', ')}: ${JSON.stringify(answers)}`)),
            timeout,
          );
          window.addEventListener('message', (e) => {
            if (e.source !== frame || !ids.has(e.data?.id)) return;
            answers.push(e.data);
            if (e.data.type !== 'attention-playground:progress') finals.add(e.data.id);
            if (finals.size === ids.size) {
              clearTimeout(timer);
              resolve(answers);
            }
          });
          for (const m of messages) frame.postMessage(m, '*');
        }),
      { messages, timeout },
    );

  /** A page of some other site that uses the component through one module script. */
  const componentPage = (src, body) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Lesson</title>
<script type="module" src="${src}"></script></head>
<body><main><h1>A lesson</h1>${body}</main></body></html>`;

  // ------------------------------------------------------------ GitHub Pages: a sub-path

  test('sub-path /some-repo/: notes page, iframe embed, experiment worker and attention-playground.js all load from under the prefix', async ({
    server,
    newPage,
  }) => {
    const s = await server({ prefix: '/some-repo/' });
    const page = await openHost(newPage, s.url);
    await page.locator('#run-h1').click();
    await eventually(async () =>
      assert(/h = 1 check: pass/.test((await page.locator('#host-status').textContent()) ?? ''), 'the h = 1 experiment did not pass in the worker'),
    );
    const notes = await newPage({ url: `${s.url}examples/notes.html`, wait: false });
    await plotted(notes.locator('#seed-example'));
    await experimentsReady(notes);
    await runScaling(notes); // the component's own experiment worker, under the prefix too

    // a page elsewhere on the same host loads the component by one <script type="module">
    const lesson = await newPage({ wait: false });
    await lesson.route(`${s.url}course/lesson.html`, (r) =>
      r.fulfill({
        contentType: 'text/html',
        body: componentPage('../attention-playground.js', '<attention-playground preset="seed000"></attention-playground>'),
      }),
    );
    await lesson.goto(`${s.url}course/lesson.html`);
    await plotted(lesson);
    checkSeedRows((await snapshot(lesson)).weights, 'attention-playground.js under /some-repo/');
    await lesson.locator('[data-testid=exp-run-h1]').click(); // the component's own worker file
    await eventually(
      async () => assert(/✓/.test((await lesson.locator('[data-testid=exp-h1-mark]').textContent()) ?? ''), 'the h = 1 experiment did not pass'),
      30_000,
    );

    const paths = s.requests.map((r) => `${r.status} ${r.path}`);
    const fetched = (re, what) =>
      assert(
        s.requests.some((r) => r.status === 200 && re.test(r.path)),
        `${what} not fetched under /some-repo/:\n    ${paths.join('\n    ')}`,
      );
    fetched(/^\/some-repo\/assets\/worker-[^/]+\.js$/, 'the experiment worker');
    fetched(/^\/some-repo\/assets\/attention_core-[^/]+\.wasm$/, 'the site’s WASM');
    fetched(/^\/some-repo\/attention-playground\.js$/, 'attention-playground.js');
    fetched(/^\/some-repo\/attention_core\.wasm$/, 'the component’s WASM beside it');
    fetched(/^\/some-repo\/attention-playground\.worker\.js$/, 'the component’s worker beside it');
    fetched(/^\/some-repo\/index\.html\?embed/, 'the embedded page');
    assert(
      s.requests.every((r) => r.path.startsWith('/some-repo/')),
      `requests outside the sub-path:\n    ${paths.join('\n    ')}`,
    );
  });

  // ------------------------------------------------------------ ?embed and the hide flags

  test('embed: ?embed hides the page chrome; hide= and *_hide flags hide panels and controls; the hash is read, never written', async ({ url, newPage }) => {
    const page = await newPage({ url: `${url}?embed&hide=steps,export,inputs` });
    const header = await page.locator('.page-header').boundingBox();
    assert(header === null || header.height <= 1, `the page header shows in the embed view: ${JSON.stringify(header)}`);
    assertEqual(await page.locator('h1').count(), 1, 'the h1 a screen reader finds in the embed view');
    assert(await page.locator('.page-footer').isHidden(), 'the page footer shows in the embed view');
    for (const p of ['steps', 'export', 'inputs']) assertEqual(await page.locator(`.panel-${p}`).count(), 0, `panels "${p}" with hide=steps,export,inputs`);
    for (const p of ['operation', 'results']) assertEqual(await page.locator(`.panel-${p}`).count(), 1, `panels "${p}" with hide=steps,export,inputs`);

    const hash = '#op=multi_head&h=2&mask=causal&Q=1,0;0,1;1,1&K=1,0;0,1;1,1&V=1,2;3,4;5,6';
    const flagged = await newPage({ url: `${url}?embed&op_hide=1&preset_hide=true&steps_hide=1&lang_hide=1${hash}` });
    await flagged.locator('[data-testid=head-1]').waitFor({ state: 'visible' }); // the state from the hash: two heads
    assertEqual(await flagged.locator('.panel-steps').count(), 0, 'panels "steps" with steps_hide=1');
    for (const c of ['op', 'preset', 'lang']) assert(await flagged.locator(`[data-testid=${c}]`).isHidden(), `the ${c} control shows with ${c}_hide`);
    assert(await flagged.locator('[data-testid=mask-causal]').isVisible(), 'the mask control is hidden though not asked to be');
    assertEqual(await flagged.locator('[data-testid=mask-causal]').isChecked(), true, 'the causal mask from the hash');
    const history = await flagged.evaluate(() => history.length);
    await flagged.locator('[data-testid=mask-none]').check();
    await eventually(async () =>
      assertEqual(await flagged.locator('[data-testid=head-0] td[data-masked="1"]').count(), 0, 'masked cells after unchecking the mask'),
    );
    assertEqual(await flagged.evaluate(() => location.hash), hash, 'the embed wrote the URL hash');
    assertEqual(await flagged.evaluate(() => history.length), history, 'the embed added history entries');

    // the flags work on the full page too, without ?embed
    const full = await newPage({ url: `${url}?hide=export&options_hide=1` });
    assert(await full.locator('.page-header').isVisible(), 'the page header is hidden without ?embed');
    assertEqual(await full.locator('.panel-export').count(), 0, 'panels "export" with hide=export');
    assert(await full.locator('.op-options').isHidden(), 'the option controls show with options_hide=1');
  });

  // ------------------------------------------------------------ postMessage

  test('iframe: a host page loads the seed example by postMessage and reads back the weights; ids, errors and an experiment', async ({ url, newPage }) => {
    const page = await openHost(newPage, url);
    await page.locator('#load-seed').click();
    await eventually(async () => assert(/Loaded/.test((await page.locator('#host-status').textContent()) ?? ''), 'no "Loaded" status'));
    await page.locator('#read-weights').click();
    await page.locator('[data-testid=host-head-0] tr').first().waitFor();
    const shown = await page.$$eval('[data-testid=host-head-0] tr', (trs) => trs.map((tr) => Array.from(tr.cells, (td) => td.textContent)));
    assertEqual(shown, seedTexts(), 'weights read back by the host page');
    assertEqual(shown[1], ['0.499399', '0.500601', '0.000000'], 'row 1 of the seed 000 weights');
    // the embedded page itself shows the same example
    const frame = page.frameLocator('#frame');
    await plotted(frame);
    assertEqual(await frame.locator('[data-testid=op]').inputValue(), 'single_head', 'operation inside the iframe');

    // the protocol: ids come back, bad requests answer ok: false with a reason, nothing throws
    const answers = await converse(page, [
      { type: MSG.get, id: 'g1' },
      { type: MSG.set, id: 7, state: { op: 'nope' } },
      { type: MSG.set, id: 8, state: { matrices: { Z: [[1]] } } },
      { type: MSG.run, id: 'e1', experiment: 'nope' },
    ]);
    const byId = Object.fromEntries(answers.map((a) => [a.id, a]));
    assertEqual([byId.g1?.type, byId.g1?.ok], ['attention-playground:result', true], 'answer to get');
    checkSeedRows(byId.g1.weights[0], 'get');
    assertEqual([byId.g1.out.length, byId.g1.out[0].length, byId.g1.state.op], [3, 2, 'single_head'], 'out (3×2) and state of get');
    assertEqual([byId[7]?.ok, byId[7]?.message], [false, 'bad value for op: "nope"'], 'answer to a bad op');
    assert(byId[8]?.ok === false && /unknown matrix "Z"/.test(byId[8].message), `answer to an unknown matrix: ${JSON.stringify(byId[8])}`);
    assert(byId.e1?.ok === false && /unknown experiment "nope"/.test(byId.e1.message), `answer to an unknown experiment: ${JSON.stringify(byId.e1)}`);

    // set with plain numbers, then an experiment in the page's worker (with progress)
    const [set] = await converse(page, [
      {
        type: MSG.set,
        id: 's1',
        state: {
          op: 'attention',
          mask: 'none',
          matrices: {
            Q: [
              [1, 0],
              [0, 1],
            ],
            K: [
              [1, 0],
              [0, 1],
            ],
            V: [
              [1, 2],
              [3, 4],
            ],
          },
        },
      },
    ]);
    assert(set.ok && set.state.op === 'attention', `answer to set: ${JSON.stringify(set)}`);
    const e = 1 / (1 + Math.exp(-1 / Math.SQRT2)); // softmax([1, 0] / √2)
    assert(Math.abs(set.weights[0][0][0] - e) < 1e-12, `weights after set: ${JSON.stringify(set.weights)}`);
    const run = await converse(page, [{ type: MSG.run, id: 'h1', experiment: 'h1', settings: { n: 4, d: 8, h: 2 } }]);
    const final = run.at(-1);
    assert(final.type === 'attention-playground:experiment' && final.ok && final.result?.pass === true, `h = 1 experiment: ${JSON.stringify(final)}`);
    assert(
      run.some((a) => a.type === 'attention-playground:progress'),
      'no progress messages',
    );
  });

  test('iframe: the embed posts its height and the host resizes it (grows and shrinks, no inner scrollbar)', async ({ url, newPage }) => {
    const page = await openHost(newPage, url);
    /** The iframe's height and the height of the document inside it. */
    const heights = () =>
      page.evaluate(() => {
        const f = document.querySelector('#frame');
        return {
          frame: f.clientHeight,
          doc: Math.ceil(f.contentDocument.documentElement.getBoundingClientRect().height),
          scroll: f.contentDocument.documentElement.scrollHeight,
        };
      });
    const fits = async (what) =>
      eventually(async () => {
        const x = await heights();
        assert(Math.abs(x.frame - x.doc) <= 1 && x.scroll <= x.frame + 1, `${what}: iframe ${x.frame} px, its content ${x.doc} px (scroll height ${x.scroll})`);
        return x.frame;
      });
    const small = await fits('after load');
    assert(small !== 600, 'the iframe kept its initial 600 px');
    await converse(page, [{ type: MSG.set, id: 1, preset: 'seed004-gqa' }]); // eight heads: a taller page
    const tall = await fits('after loading eight heads');
    assert(tall > small + 100, `the iframe did not grow: ${small} → ${tall} px`);
    await converse(page, [{ type: MSG.set, id: 2, preset: 'seed000' }]);
    const back = await fits('after going back to one head');
    assert(back < tall - 100, `the iframe did not shrink: ${tall} → ${back} px`);
    report.push(`iframe heights: ${small} px → ${tall} px (8 heads) → ${back} px`);
  });

  // ------------------------------------------------------------ the course-notes example

  test('notes page: two independent playgrounds (edit one, the other does not change); screenshots at 1280 and 375 px', async ({ url, newPage }) => {
    const page = await newPage({ url: `${url}examples/notes.html`, wait: false });
    const seed = page.locator('#seed-example');
    await plotted(seed);
    await experimentsReady(page);
    checkSeedRows((await snapshot(page, '#seed-example')).weights, 'the notes page’s seed 000 playground');
    await eventually(async () => assertEqual(await page.locator('#seed-row').textContent(), '[0.4994, 0.5006, 0]', 'the live line of the lesson'));
    assertEqual(await page.locator('#scaling-example .panel').count(), 1, 'panels of the experiments-only playground');
    assertEqual(await seed.locator('[data-testid=experiments]').count(), 0, 'an experiments panel in the seed playground');
    const otherBefore = await snapshot(page, '#scaling-example');
    const seedBefore = await snapshot(page, '#seed-example');

    // edit the first: X[0][0] 0.1 → 0.9
    const x00 = seed.locator('[data-testid=grid-X] input[data-row="0"][data-col="0"]');
    await x00.fill('0.9');
    await x00.press('Tab');
    await eventually(async () =>
      assert(JSON.stringify((await snapshot(page, '#seed-example')).weights) !== JSON.stringify(seedBefore.weights), 'the edited playground did not recompute'),
    );
    await eventually(async () => assert((await page.locator('#seed-row').textContent()) !== '[0.4994, 0.5006, 0]', 'the live line did not follow the edit'));
    assertEqual(await snapshot(page, '#scaling-example'), otherBefore, 'the other playground after editing the first');
    assertEqual(
      await page.locator('#scaling-example [data-testid=exp-scaling-sentence]').textContent(),
      '',
      'the other playground’s experiment after editing the first',
    );

    // use the second: run the scaling experiment (d = 1 … 1024) in its worker
    const sentence = await runScaling(page);
    assert(/64/.test(sentence ?? ''), `the scaling sentence does not mention d = 64: ${sentence}`);
    const seedAfter = await snapshot(page, '#seed-example');
    assertEqual(seedAfter.state.matrices.X.cells[0][0], '0.9', 'the first playground’s edit after running the experiment in the second');
    assertEqual(seedAfter.weights, (await snapshot(page, '#seed-example')).weights, 'the first playground’s weights');
    assert(JSON.stringify(seedAfter.weights) !== JSON.stringify(seedBefore.weights), 'the first playground lost its edit');
    assertEqual(await seed.locator('[data-testid=grid-X] input[data-row="0"][data-col="0"]').inputValue(), '0.9', 'the first playground’s cell');
    assertEqual(await page.evaluate(() => location.hash), '', 'an embedded playground wrote the URL hash');

    for (const [width, height] of [
      [1280, 900],
      [375, 812],
    ]) {
      const p = await newPage({ url: `${url}examples/notes.html`, width, height, wait: false });
      await plotted(p.locator('#seed-example'));
      await experimentsReady(p);
      await runScaling(p); // the screenshot shows the experiment's chart
      await p.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      await p.screenshot({ path: join(RESULTS, `notes-${width}.png`), fullPage: true });
      const overflow = await p.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
      report.push(`screenshot: test-results/notes-${width}.png (document ${overflow.scroll} px wide in a ${overflow.client} px viewport)`);
      assert(overflow.scroll <= overflow.client, `at ${width} px the notes page scrolls sideways: ${overflow.scroll} px`);
    }
  });

  // ------------------------------------------------------------ "Copy embed code"

  test('copy embed code: the script + element snippet and the iframe snippet reproduce the state on another page', async ({ url, newPage }) => {
    const page = await newPage({ url });
    await loadSeed(page);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.locator('[data-testid=copy-embed]').click();
    await eventually(async () => assert(((await page.locator('[data-testid=export-status]').textContent()) ?? '').trim() !== '', 'no "copied" status'));
    const code = await page.evaluate(() => navigator.clipboard.readText());
    assert(code.includes(`<script type="module" src="${url}attention-playground.js"></script>`), `no script tag in:\n${code}`);
    assert(
      /<attention-playground op="single_head" causal="true" matrices="\{&quot;X&quot;:\[\[0.1,0.2,0.3,0.4\]/.test(code),
      `no element with the state in:\n${code}`,
    );
    assert(code.includes(`<iframe class="attention-playground-frame" src="${url}?embed#op=single_head`), `no iframe in:\n${code}`);

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
    assertEqual(await frame.locator('[data-testid=op]').inputValue(), 'single_head', 'operation in the pasted iframe');
    assert(await frame.locator('[data-testid=mask-causal]').isChecked(), 'mask in the pasted iframe');
    // the snippet's three lines size the iframe to its content
    await eventually(async () => {
      const x = await host.evaluate(() => {
        const f = document.querySelector('iframe');
        return { frame: f.clientHeight, doc: Math.ceil(f.contentDocument.documentElement.getBoundingClientRect().height) };
      });
      assert(Math.abs(x.frame - x.doc) <= 1, `the pasted iframe is ${x.frame} px for ${x.doc} px of content`);
    });
  });

  // ------------------------------------------------------------ offline: one file from file://

  test('single file: dist-single/attention-playground.html opens from file:// with no server and computes the seed 000 example', async ({ newPage }) => {
    const file = join(ROOT, 'dist-single', 'attention-playground.html');
    assert(existsSync(file), 'dist-single/attention-playground.html is missing: run `npm run build:single`');
    const markup = readFileSync(file, 'utf8').replace(/(<(script|style)[^>]*>)[\s\S]*?(<\/\2>)/g, '$1$3'); // without the inlined code
    assert(!/<script[^>]+src=|<link[^>]+rel="stylesheet"/.test(markup), 'the single file still links scripts or stylesheets');
    assert(/<script type="module"><\/script>/.test(markup) && /<style><\/style>/.test(markup), 'the single file has no inline script and style');
    const page = await newPage({ wait: false });
    const requests = [];
    page.on('request', (r) => requests.push(r.url()));
    await page.goto(pathToFileURL(file).href);
    await waitForPlot(page);
    await loadSeed(page);
    checkSeedRows((await snapshot(page)).weights, 'single file');
    const shown = await readHeatmap(page);
    assertEqual(
      shown.cells.filter((c) => c.row === 1).map((c) => (c.masked ? 'masked' : c.text)),
      ['0.499399', '0.500601', 'masked'],
      'row 1 of the heatmap table',
    );
    // the experiments' Web Worker runs from a blob: URL of its inlined code
    await page.locator('[data-testid=exp-run-h1]').click();
    await eventually(
      async () => assert(/✓|pass/i.test((await page.locator('[data-testid=exp-h1-mark]').textContent()) ?? ''), 'the h = 1 experiment did not pass offline'),
      30_000,
    );
    const outside = requests.filter((u) => !/^(file|data|blob):/.test(u));
    assertEqual(outside, [], 'requests to a network');
    report.push(
      `single file: dist-single/attention-playground.html ${(statSync(file).size / 1024).toFixed(0)} KiB, ${requests.length} file/data/blob requests`,
    );
  });

  // ------------------------------------------------------------ strict CSP

  test('strict CSP: the notes page, the iframe host with its embed, and a page using attention-playground.js report no violation', async ({
    server,
    newPage,
  }) => {
    const s = await server({ csp: true });
    const initScript = () => {
      window.__csp = [];
      document.addEventListener(
        'securitypolicyviolation',
        (e) => window.__csp.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
        true,
      );
    };
    const violations = async (page) =>
      (await Promise.all(page.frames().map((f) => f.evaluate(() => window.__csp ?? ['no listener']).then((v) => v.map((x) => `${f.url()}: ${x}`))))).flat();

    const notes = await newPage({ initScript, wait: false });
    const response = await notes.goto(`${s.url}examples/notes.html`);
    assert((response?.headers()['content-security-policy'] ?? '') === CSP, 'the server sent no CSP header');
    await plotted(notes.locator('#seed-example'));
    await experimentsReady(notes);
    const x00 = notes.locator('#seed-example [data-testid=grid-X] input[data-row="0"][data-col="0"]');
    await x00.fill('0.7');
    await x00.press('Tab');
    await notes.locator('#seed-example [data-testid=head-0] .hm-figure').hover();
    await runScaling(notes); // the component's worker and its chart under the CSP
    assertEqual(await violations(notes), [], 'violations on the notes page');

    const host = await openHost(newPage, s.url, { initScript });
    await host.locator('#load-seed').click();
    await host.locator('#read-weights').click();
    await host.locator('[data-testid=host-head-0] tr').first().waitFor();
    await host.locator('#run-h1').click();
    await eventually(async () =>
      assert(/h = 1 check: pass/.test((await host.locator('#host-status').textContent()) ?? ''), 'the experiment did not pass under the CSP'),
    );
    assertEqual(await violations(host), [], 'violations on the iframe host and inside its iframe');

    const lesson = await newPage({ initScript, wait: false });
    await lesson.route(`${s.url}course/lesson.html`, (r) =>
      r.fulfill({
        contentType: 'text/html',
        headers: { 'Content-Security-Policy': CSP },
        body: componentPage(
          '../attention-playground.js',
          '<attention-playground preset="seed000"></attention-playground><attention-playground preset="multihead"></attention-playground>',
        ),
      }),
    );
    await lesson.goto(`${s.url}course/lesson.html`);
    await plotted(lesson.locator('attention-playground').nth(0));
    await plotted(lesson.locator('attention-playground').nth(1));
    await lesson.locator('attention-playground').nth(0).locator('[data-testid=exp-run-h1]').click(); // its worker file under the CSP
    await eventually(
      async () =>
        assert(
          /✓/.test((await lesson.locator('attention-playground').nth(0).locator('[data-testid=exp-h1-mark]').textContent()) ?? ''),
          'the h = 1 experiment did not pass',
        ),
      30_000,
    );
    assertEqual(await violations(lesson), [], 'violations on a page using attention-playground.js');
  });

  // ------------------------------------------------------------ languages

  test('language: switch to 中文 and back (page chrome, component, embed button); remembered; ?lang=zh; browser language', async ({ url, newPage }) => {
    const page = await newPage({ url });
    const texts = async () => ({
      title: await page.locator('.page-title').textContent(),
      htmlLang: await page.evaluate(() => document.documentElement.lang),
      embed: await page.locator('[data-testid=copy-embed]').textContent(),
      results: await page.locator('.panel-results .panel-title').textContent(),
      langLabel: await page.locator('.lang-label').textContent(),
    });
    const english = { title: 'Attention Playground', htmlLang: 'en', embed: 'Copy embed code', results: 'Attention weights', langLabel: 'Language' };
    const chinese = { title: '注意力演练场', htmlLang: 'zh-Hans', embed: '复制嵌入代码', results: '注意力权重', langLabel: '语言' };
    assertEqual(await texts(), english, 'English labels');
    await page.locator('[data-testid=lang]').selectOption('zh');
    await eventually(async () => assertEqual(await texts(), chinese, 'Chinese labels'));
    await page.reload();
    await waitForPlot(page);
    assertEqual(await texts(), chinese, 'Chinese labels after a reload (remembered)');
    await page.locator('[data-testid=lang]').selectOption('en');
    await eventually(async () => assertEqual(await texts(), english, 'English labels again'));

    const byUrl = await newPage({ url: `${url}?lang=zh` });
    assertEqual(await byUrl.locator('.page-title').textContent(), '注意力演练场', 'title with ?lang=zh');
    const embedded = await newPage({ url: `${url}?embed&lang=zh` });
    assertEqual(await embedded.locator('.panel-results .panel-title').textContent(), '注意力权重', 'results title with ?embed&lang=zh');
    const browser = await newPage({ url, context: { locale: 'zh-CN' } });
    assertEqual(await browser.locator('.panel-results .panel-title').textContent(), '注意力权重', 'results title with a Chinese browser');

    // English words left in the Chinese page (texts, aria-labels, titles, placeholders), code and maths names aside: printed, not asserted
    await loadSeed(byUrl);
    const left = await byUrl.evaluate(() => {
      const code =
        /^(attention|multi_head|single_head|block|softmax|weights|scores|scaled|masked|concat|float|WebAssembly|worker|PyTorch|NumPy|JSON|English|seed|scaling|permutation|quadratic)$/;
      const english = (t) => (t.replace(/\S+\.(txt|csv|md|json|png|svg)\b/g, '').match(/[A-Za-z][A-Za-z_]{3,}/g) ?? []).some((w) => !code.test(w));
      const out = new Set();
      const walk = (root) => {
        const w = document.createTreeWalker(root, window.NodeFilter.SHOW_TEXT | window.NodeFilter.SHOW_ELEMENT);
        for (let n = w.currentNode; n; n = w.nextNode()) {
          if (n.nodeType === 1) {
            if (n.shadowRoot) walk(n.shadowRoot);
            for (const a of ['aria-label', 'placeholder']) if (english(n.getAttribute(a) ?? '')) out.add(n.getAttribute(a));
          } else if (n.nodeType === 3 && !['SCRIPT', 'STYLE'].includes(n.parentElement?.tagName ?? '') && english(n.textContent ?? ''))
            out.add(n.textContent.trim());
        }
      };
      walk(document.body);
      return [...out].map((t) => (t.length > 60 ? `${t.slice(0, 57)}…` : t));
    });
    report.push(
      `zh: ${left.length} texts still in English (not asserted)${
        left.length
          ? `: ${left
              .slice(0, 12)
              .map((t) => JSON.stringify(t))
              .join(', ')}`
          : ''
      }`,
    );
  });

  // ------------------------------------------------------------ accessibility

  test('accessibility: axe-core reports no serious or critical violation (page en/zh, embed, notes, iframe host)', async ({ url, newPage }) => {
    const axe = require('axe-core');
    const pages = [
      ['page', url, (p) => loadSeed(p)],
      ['page (中文)', `${url}?lang=zh`, (p) => loadSeed(p)],
      [
        'page (block, gqa)',
        `${url}`,
        async (p) => {
          await p.locator('[data-testid=preset]').selectOption('seed004-gqa');
          await p.locator('[data-testid=head-7]').waitFor({ state: 'visible' });
        },
      ],
      ['embed', `${url}?embed&hide=export`, async () => {}],
      ['notes (after running the scaling experiment)', `${url}examples/notes.html`, (p) => runScaling(p)],
      ['iframe host', `${url}examples/iframe-host.html`, async (p) => p.locator('#load-seed:enabled').waitFor()],
    ];
    const found = [];
    const minor = [];
    let checked = 0;
    for (const [name, address, prepare] of pages) {
      const page = await newPage({ wait: false });
      await page.goto(address);
      await plotted(name === 'iframe host' ? page.frameLocator('#frame') : page);
      await prepare(page);
      for (const f of page.frames()) await f.evaluate(axe.source);
      const result = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
      checked += result.passes.length + result.violations.length + result.incomplete.length;
      for (const v of result.violations) if (v.impact !== 'serious' && v.impact !== 'critical') minor.push(`${name}: ${v.impact} ${v.id} (${v.nodes.length})`);
      for (const v of result.violations)
        if (v.impact === 'serious' || v.impact === 'critical')
          found.push(
            `${name}: ${v.impact} ${v.id} (${v.help}) at ${v.nodes
              .slice(0, 4)
              .map((n) => JSON.stringify(n.target))
              .join(', ')}`,
          );
    }
    report.push(
      `axe-core ${axe.version}: ${pages.length} pages, ${checked} rule results, ${found.length} serious/critical violations${minor.length ? `; minor/moderate: ${minor.join(', ')}` : ''}`,
    );
    assertEqual(found, [], 'serious or critical accessibility violations');
  });
}
