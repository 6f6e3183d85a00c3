// @vitest-environment jsdom
// embed.test.ts — the pure parts of embedding: URL flags → attributes, a host's
// state patch → State, and the "Copy embed code" snippets.
import { describe, expect, test } from 'vitest';
import { applyFlags, embedFlags, statePatch } from '../../../web/src/component/embed';
import { embedCode, PACKAGE_ROOT, siteRoot } from '../../../web/src/model/embed-code';
import { version } from '../../../package.json';
import { PRESETS, presetById } from '../../../web/src/model/presets';
import { cellsOf, parse } from '../../../web/src/model/state';

describe('embedFlags', () => {
  test('no flags: nothing to change', () => {
    expect(embedFlags('')).toEqual({ embed: false, panels: null, hideControls: [], lang: null });
  });

  test('?embed&hide=… hides panels and controls by name', () => {
    expect(embedFlags('?embed&hide=steps,export,op')).toEqual({
      embed: true,
      panels: ['plane', 'operation', 'inputs', 'results', 'explain', 'tiles', 'kvcache', 'training', 'experiments'],
      hideControls: ['op'],
      lang: null,
    });
  });

  test('*_hide flags, as TensorFlow Playground: 1 / true / empty hide, 0 does not', () => {
    const f = embedFlags('?steps_hide=1&preset_hide=true&lang_hide&mask_hide=0&lang=zh');
    expect(f.panels).toEqual(['plane', 'operation', 'inputs', 'results', 'explain', 'export', 'tiles', 'kvcache', 'training', 'experiments']);
    expect(f.hideControls).toEqual(['preset', 'lang']);
    expect(f.lang).toBe('zh');
    expect(f.embed).toBe(false);
  });

  test('panels= picks panels, hide= takes some away; unknown names are ignored', () => {
    expect(embedFlags('?panels=results,steps,bogus&hide=steps,nothing').panels).toEqual(['results']);
    expect(embedFlags('?embed=0').embed).toBe(false);
  });
});

describe('applyFlags', () => {
  test('sets panels and hide-controls, and in embed mode drops sync-hash and sets lang', () => {
    const el = document.createElement('div');
    el.setAttribute('sync-hash', '');
    el.setAttribute('hide-controls', 'tokens');
    applyFlags(el, embedFlags('?embed&hide=export&op_hide=1&lang=zh'));
    expect(el.getAttribute('panels')).toBe('plane,operation,inputs,results,explain,steps,tiles,kvcache,training,experiments');
    expect(el.getAttribute('hide-controls')).toBe('tokens,op');
    expect(el.hasAttribute('sync-hash')).toBe(false);
    expect(el.getAttribute('lang')).toBe('zh');
  });

  test('keeps the element’s own panel choice and the hash sync outside embed mode', () => {
    const el = document.createElement('div');
    el.setAttribute('sync-hash', '');
    el.setAttribute('panels', 'results,steps');
    applyFlags(el, embedFlags('?hide=steps'));
    expect(el.getAttribute('panels')).toBe('results');
    expect(el.hasAttribute('sync-hash')).toBe(true);
  });
});

describe('statePatch', () => {
  test('the playground keys: temperature, query length, query, view, plane columns (each checked)', () => {
    expect(statePatch({ temperature: 0.5, qLength: 2, query: 3, view: 'lines', planeDims: [1, 3] })).toEqual({
      ok: true,
      patch: { temperature: 0.5, qLength: 2, query: 3, view: 'lines', planeDims: [1, 3] },
    });
    for (const bad of [{ temperature: 0 }, { temperature: 21 }, { qLength: -1 }, { view: 'grid' }, { planeDims: [1, 1] }, { query: -1 }])
      expect(statePatch(bad).ok, JSON.stringify(bad)).toBe(false);
  });

  test('a key of Object.prototype is an unknown key, not a check', () => {
    expect(statePatch({ toString: 1 })).toEqual({ ok: false, message: 'unknown state key "toString"' });
    expect(statePatch(JSON.parse('{"__proto__": 1}'))).toEqual({ ok: false, message: 'unknown state key "__proto__"' });
  });

  test('plain numbers become matrices; causal → mask; scalars checked', () => {
    const r = statePatch({ op: 'attention', causal: true, scale: false, matrices: { Q: [[1, 0]], K: [['2', 3]], V: [[1, 2]] } });
    expect(r).toEqual({
      ok: true,
      patch: {
        op: 'attention',
        mask: 'causal',
        scale: false,
        matrices: { Q: cellsOf([[1, 0]]), K: { kind: 'cells', cells: [['2', '3']] }, V: cellsOf([[1, 2]]) },
      },
    });
  });

  test('a preset first, then the state on top of it', () => {
    const r = statePatch({ mask: 'none' }, 'seed000');
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.patch).toEqual({ ...presetById('seed000')!.build(), mask: 'none' });
  });

  test.each([
    [{ op: 'nope' }, 'bad value for op: "nope"'],
    [{ h: 0 }, 'bad value for h: 0'],
    [{ eps: -1 }, 'bad value for eps: -1'],
    [{ colour: 'red' }, 'unknown state key "colour"'],
    [{ matrices: { Z: [[1]] } }, 'unknown matrix "Z"'],
    [{ matrices: { Q: [[1, 2], [3]] } }, 'Q must be a rectangular array of rows'],
    [{ matrices: { Q: [[1, NaN]] } }, 'Q holds NaN: numbers only'],
    [{ matrices: { Q: 5 } }, 'Q must be an array of rows'],
    [[1, 2], 'state must be an object'],
  ])('refuses %j', (state, message) => {
    const r = statePatch(state);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toContain(message);
  });

  test('a whole State (as `get` answers it) is a valid patch of itself', () => {
    for (const p of PRESETS) {
      const state = p.build();
      expect(statePatch(JSON.parse(JSON.stringify(state)))).toEqual({ ok: true, patch: state });
    }
  });

  test('an unknown preset is refused', () => {
    expect(statePatch(undefined, 'nope')).toEqual({ ok: false, message: 'unknown preset "nope"' });
  });
});

describe('embed code', () => {
  test('siteRoot: the folder above assets/, or the folder of the component file', () => {
    expect(siteRoot('https://me.github.io/repo/assets/index-abc.js')).toBe('https://me.github.io/repo/');
    expect(siteRoot('https://me.github.io/repo/attention-playground.js')).toBe('https://me.github.io/repo/');
  });

  test('siteRoot: from the npm package (a CDN, a bundle) or a blob:/data: module (a notebook, anywidget), the package on jsDelivr', () => {
    expect(PACKAGE_ROOT).toBe(`https://cdn.jsdelivr.net/npm/attention-playground@${version}/dist-package/`);
    expect(siteRoot('https://cdn.jsdelivr.net/npm/attention-playground@0.1.0/dist-package/chunks/attention-playground-x.js')).toBe(PACKAGE_ROOT);
    expect(siteRoot('blob:https://notebook.example/2b7e-11')).toBe(PACKAGE_ROOT);
    expect(siteRoot('data:text/javascript;base64,AAAA')).toBe(PACKAGE_ROOT);
  });

  test('from the package, the snippet loads the standalone module and has no iframe (there is no site to show)', () => {
    const code = embedCode(presetById('seed000')!.build(), {}, PACKAGE_ROOT, 'en');
    expect(code).toContain(`<script type="module" src="${PACKAGE_ROOT}standalone.js"></script>`);
    expect(code).toContain('<attention-playground op="single_head"');
    expect(code).not.toContain('<iframe');
  });

  test('the element carries the state as attributes; the iframe carries it in its hash', () => {
    const state = presetById('seed000')!.build();
    const X = [[0.1, 0.2, 0.3, 0.4]];
    const code = embedCode(state, { X, Wq: [[1]], Wk: [[2]], Wv: [[3]], Q: [[9]] }, 'https://me.github.io/repo/', 'zh');
    expect(code).toContain('<script type="module" src="https://me.github.io/repo/attention-playground.js"></script>');
    const element = /<attention-playground ([^>]*)>/.exec(code)![1];
    const attrs = Object.fromEntries([...element.matchAll(/([\w-]+)="([^"]*)"/g)].map((m) => [m[1], m[2].replace(/&quot;/g, '"').replace(/&amp;/g, '&')]));
    expect(attrs).toEqual({ op: 'single_head', causal: 'true', lang: 'zh', matrices: JSON.stringify({ X, Wq: [[1]], Wk: [[2]], Wv: [[3]] }) });
    const src = /<iframe [^>]*src="([^"]+)"/.exec(code)![1].replace(/&amp;/g, '&');
    expect(src.startsWith('https://me.github.io/repo/?embed&lang=zh#')).toBe(true);
    expect(parse(src.slice(src.indexOf('#')))).toEqual(state);
  });

  test('what the readable attributes cannot say (tokens, a custom mask, scaling off) travels in `state`', () => {
    const state = presetById('hand')!.build();
    state.tokens = ['I', 'love', 'cats'];
    state.scale = false;
    state.mask = 'custom';
    state.customMask = [
      [true, false, true],
      [true, true, true],
      [false, true, true],
    ];
    const code = embedCode(state, {}, 'https://me.github.io/repo/', 'en');
    const full = /state="([^"]*)"/
      .exec(code)![1]
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&');
    expect(parse(full)).toEqual(state);
    expect(embedCode(presetById('seed000')!.build(), {}, 'https://x/', 'en')).not.toContain('state="');
  });
});
