// A link written by hand may leave out the matrices its operation reads
// (`#op=block&h=2`): the page opens it with the inputs that choosing the
// operation makes, computed by the core. A link that names every input, as
// every link the page writes does, is kept exactly as written — projections
// that do not fit stay, and so does their error.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, test } from 'vitest';
import type { Core } from '../../../web/src/core/core';
import { compute } from '../../../web/src/model/compute';
import { opOf } from '../../../web/src/model/ops/index';
import { withMissingInputs } from '../../../web/src/model/presets';
import { parse, serialize, type State } from '../../../web/src/model/state';
import { loadCoreForNode } from '../support/load-core';

let core: Core;
beforeAll(async () => {
  core = await loadCoreForNode();
});

const CORPUS = (JSON.parse(readFileSync('tests/fixtures/links.json', 'utf8')) as { link: string }[]).map((l) => l.link);

/** Does the state hold every input its operation must read? */
const complete = (s: State): boolean => {
  const op = opOf(s);
  return op.inputs.every((name) => op.optional.includes(name) || s.matrices[name] !== undefined);
};

describe('a link that leaves out its operation’s inputs', () => {
  test.each(['#op=block&h=2', '#op=block', '#op=single_head', '#op=single_head&mask=window&pos=alibi', '#op=gqa', '#op=gqa&mask=causal&pos=rope'])(
    '%s opens with them, and the core computes it',
    (link) => {
      expect(complete(parse(link)), 'as parsed, an input is missing').toBe(false);
      const s = withMissingInputs(parse(link));
      expect(complete(s)).toBe(true);
      const out = compute(core, s);
      expect(out.ok, out.ok ? '' : out.message).toBe(true);
      // the fields the link sets stay as it set them
      const asked = parse(link);
      for (const key of ['op', 'h', 'mask', 'positions'] as const) expect(s[key]).toEqual(asked[key]);
    },
  );

  test('grouped-query attention keeps the heads the link asks for when G divides H (H = 4 query heads over G = 2)', () => {
    const s = withMissingInputs(parse('#op=gqa&H=4&G=2'));
    expect([s.numHeads, s.numKvHeads]).toEqual([4, 2]);
    const out = compute(core, s);
    expect(out.ok && out.view.heads.length).toBe(4);
  });

  test('and 2 query heads sharing 1 when G does not divide H (H = 3, G = 2)', () => {
    const s = withMissingInputs(parse('#op=gqa&H=3&G=2'));
    expect([s.numHeads, s.numKvHeads]).toEqual([2, 1]);
    expect(compute(core, s).ok).toBe(true);
  });
});

describe('a link that names every input is kept as written', () => {
  test('every link of the corpus that names its operation’s inputs: the same state, the same link', () => {
    let kept = 0;
    for (const link of CORPUS) {
      const s = parse(link);
      if (!complete(s)) continue;
      kept++;
      expect(withMissingInputs(parse(link)), link).toEqual(s);
      expect(serialize(withMissingInputs(parse(link))), link).toBe(serialize(s));
    }
    expect(kept).toBeGreaterThan(30);
  });

  test('projections that do not fit stay, and so does their error', () => {
    const link = '#op=gqa&H=2&G=1&Q=1,0;0,1&K=1,0;0,1&V=1,2;3,4&Wq=1,0,0;0,1,0&Wk=1,0;0,1&Wv=1,0;0,1&Wo=1,0;0,1;1,1;0,0';
    const s = withMissingInputs(parse(link));
    expect(serialize(s)).toBe(serialize(parse(link)));
    const out = compute(core, s);
    expect(out.ok).toBe(false);
  });
});
