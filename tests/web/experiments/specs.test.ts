// specs.test.ts — the experiments as descriptors (web/src/experiments/index.ts
// and pages.ts): the cards' order, each form's link keys and defaults (the
// keys `x.<name>.<key>` of every share link made so far), that the defaults
// as the form writes them are the settings' defaults, the report files and
// charts, the labels' words, and the permutation form's two hooks.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Limits } from '../../../web/src/core/core';
import { EXPERIMENT_SPECS, VALIDATORS } from '../../../web/src/experiments/index';
import { EXPERIMENT_PAGES } from '../../../web/src/experiments/pages';
import type { PermutationResult } from '../../../web/src/experiments/permutation/run';
import { PERMUTATION } from '../../../web/src/experiments/permutation/index';
import type { AnySpec } from '../../../web/src/experiments/spec';
import { t } from '../../../web/src/i18n/i18n';
import { loadCoreForNode } from '../support/load-core';

let limits: Limits;
beforeAll(async () => {
  limits = (await loadCoreForNode()).limits();
}, 60_000);

/** Each form's fields as the share links have them: key, kind and default text. */
const FORMS = {
  scaling: [
    ['ds', 'text', '1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024'],
    ['n', 'number', '8'],
    ['trials', 'number', '200'],
    ['seed', 'number', '7'],
  ],
  permutation: [
    ['source', 'select', 'random'],
    ['n', 'number', '6'],
    ['d', 'number', '8'],
    ['perm', 'text', ''],
    ['pe', 'select', 'sinusoidal'],
    ['seed', 'number', '7'],
  ],
  quadratic: [
    ['nMax', 'number', '4096'],
    ['d', 'number', '64'],
    ['repeats', 'number', '7'],
    ['seed', 'number', '7'],
  ],
  h1: [
    ['n', 'number', '6'],
    ['d', 'number', '8'],
    ['h', 'number', '2'],
    ['causal', 'checkbox', 'false'],
    ['seed', 'number', '7'],
  ],
  relative: [
    ['n', 'number', '16'],
    ['d', 'number', '8'],
    ['seed', 'number', '7'],
    ['base', 'number', '10000'],
    ['pairing', 'select', 'half'],
  ],
  depth: [
    ['n', 'number', '16'],
    ['d', 'number', '16'],
    ['L', 'number', '24'],
    ['seed', 'number', '7'],
  ],
  memory: [
    ['ns', 'text', '256, 512, 1024, 2048, 4096, 8192, 16384, 32768'],
    ['d', 'number', '64'],
    ['causal', 'checkbox', 'true'],
    ['seed', 'number', '7'],
  ],
};

/** Each card's downloads, in the order of their buttons. */
const FILES = {
  scaling: ['02-scale.txt', 'scaling.csv'],
  permutation: ['05-perm.txt', 'permutation.csv'],
  quadratic: ['quadratic.csv'],
  h1: ['h1.csv'],
  relative: ['10-rope.txt', 'relative.csv'],
  depth: ['11-depth.txt', 'depth.csv'],
  memory: ['12-memory.txt', 'memory.csv'],
};

/** The form's values of each field's default text, read as the card reads them (no playground X). */
function defaultsRead(spec: AnySpec): Record<string, unknown> {
  const values = Object.fromEntries(spec.settings.fields.map((f) => [f.key, f.value]));
  return spec.form?.read?.(values, { currentX: () => null }) ?? values;
}

describe('the experiments, one spec and one page each', () => {
  it('in page order, each page beside its spec', () => {
    expect(EXPERIMENT_SPECS.map((s) => s.name)).toEqual(['scaling', 'permutation', 'quadratic', 'h1', 'relative', 'depth', 'memory']);
    EXPERIMENT_PAGES.forEach((page, i) => expect(page.spec).toBe(EXPERIMENT_SPECS[i]));
  });

  it('every form keeps the link keys, kinds and defaults of the share links made so far', () => {
    for (const spec of EXPERIMENT_SPECS)
      expect(
        spec.settings.fields.map((f) => [f.key, f.kind, f.value]),
        spec.name,
      ).toEqual(FORMS[spec.name]);
  });

  it('the defaults as the form writes them are the settings’ defaults', () => {
    for (const spec of EXPERIMENT_SPECS as readonly AnySpec[]) {
      const v = spec.settings.validate(defaultsRead(spec), limits);
      expect(v, spec.name).toEqual({ ok: true, settings: spec.settings.defaults });
    }
  });

  it('the validators are the specs’ own', () => {
    for (const spec of EXPERIMENT_SPECS) expect(VALIDATORS[spec.name], spec.name).toBe(spec.settings.validate);
  });

  it('each page offers its report files, and PNG/SVG where its view has a chart', () => {
    for (const page of EXPERIMENT_PAGES) expect(page.files.map((f) => f.name)).toEqual(FILES[page.spec.name]);
    expect(EXPERIMENT_PAGES.filter((p) => !p.chart).map((p) => p.spec.name)).toEqual(['h1']);
  });

  it('every label, choice and card heading has its words (symbols such as n and d are shown as written)', () => {
    const keys = EXPERIMENT_SPECS.flatMap((s) => [
      `exp.${s.name}.title`,
      `exp.${s.name}.what`,
      ...s.settings.fields.flatMap((f) => [f.label, ...(f.options ?? []).map(([, label]) => label)]),
    ]);
    const missing = keys.filter((k) => k.includes('.') && (t('en', k) === k || t('zh', k) === k));
    expect(missing).toEqual([]);
  });
});

describe('the permutation form', () => {
  const form = PERMUTATION.form!;
  const read = (values: Record<string, unknown>, X: number[][] | null) => form.read!(values, { currentX: () => X });
  const order = (raw: Record<string, unknown>, shown?: PermutationResult) => form.picker!.order(raw, shown);
  const X = [
    [1, 2],
    [3, 4],
    [5, 6],
  ];

  it('reads X from its source: random (n and d kept) or the playground’s (n and d left to X)', () => {
    const values = { source: 'random', n: '6', d: '8', perm: '', pe: 'none', seed: '7' };
    expect(read(values, X)).toEqual({ n: '6', d: '8', perm: null, pe: 'none', seed: '7', X: null });
    expect(read({ ...values, source: 'current', perm: '2, 0, 1' }, X)).toEqual({ perm: '2, 0, 1', pe: 'none', seed: '7', X });
  });

  it('shows the typed permutation, else the one just used, else the identity; none past 64 rows', () => {
    const shown = { perm: [1, 2, 0] } as PermutationResult;
    expect(order({ X, perm: '2 0 1' })).toEqual([2, 0, 1]);
    expect(order({ X, perm: '2 0 0' }, shown)).toEqual([1, 2, 0]);
    expect(order({ X: null, n: '4', perm: null })).toEqual([0, 1, 2, 3]);
    expect(order({ X: null, n: '65', perm: null })).toBeNull();
    expect(order({ X: null, n: 'x', perm: null })).toBeNull();
  });
});
