// schema.test.ts — the one table of the state's fields (web/src/model/schema.ts)
// walked for each channel: the share link, the embed API's state patch and the
// element's attributes take the same values and refuse the same ones; every
// share link written by the page before the table (tests/fixtures/links.json)
// opens to the same state.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { checkedPatch, statePatch } from '../../../web/src/model/patch';
import { boundsOf, scalarFromText, type ScalarType } from '../../../web/src/model/schema';
import { typeWords } from '../../../web/src/model/field';
import { defaultState, FIELDS, parse, serialize, type State } from '../../../web/src/model/state';

interface Link {
  link: string;
  state: Partial<State>;
}
const CORPUS = JSON.parse(readFileSync('tests/fixtures/links.json', 'utf8')) as Link[];

/** Where the page put the queries before the alignment was a choice: after the last keys for a built mask and for positions. */
function alignedBefore(s: Partial<State>): State['align'] {
  const built = ['window', 'prefix', 'localglobal', 'dilated', 'bigbird'].includes(s.mask ?? 'none');
  return built || (s.positions ?? 'none') !== 'none' ? 'bottom-right' : 'top-left';
}

describe('links written before the table open to the same state', () => {
  test(`${CORPUS.length} links, each field as it was (a field added since: its initial value)`, () => {
    expect(CORPUS.length).toBeGreaterThanOrEqual(50);
    for (const { link, state } of CORPUS) expect(parse(link), link).toEqual({ ...defaultState(), align: alignedBefore(state), ...state });
  });
  test('the queries’ alignment of a link written before there was a choice: bottom-right with a built mask or positions, else top-left', () => {
    const aligns = CORPUS.map(({ link }) => parse(link).align);
    expect(aligns).toContain('bottom-right');
    expect(aligns).toContain('top-left');
    const s = parse('#op=attention&mask=window');
    expect(s.align).toBe('bottom-right');
    expect(parse(serialize({ ...s, align: 'top-left' })).align).toBe('top-left'); // written when it differs
    expect(serialize(s)).not.toContain('al=');
  });
  test('and each is written back to a link that opens to it again', () => {
    for (const { link } of CORPUS) expect(parse(serialize(parse(link))), link).toEqual(parse(link));
  });
});

/** Values a field of this type takes (as JSON values), texts a link and an attribute refuse, and JSON values the embed API refuses. */
function samples(type: ScalarType): { good: unknown[]; badText: string[]; badValue: unknown[] } {
  switch (type.kind) {
    case 'enum':
      return { good: [...type.values], badText: ['', 'nope', `${type.values[0]}!`], badValue: ['nope', 1, null] };
    case 'int': {
      const out = [type.min - 1, type.max + 1, type.min + 0.5];
      return {
        good: [type.min, type.max, Math.floor((type.min + type.max) / 2)],
        badText: [...out.map(String), 'x', ''],
        badValue: [...out, String(type.min), NaN, null],
      };
    }
    case 'real': {
      const top = type.max < Number.MAX_VALUE;
      const out = [type.min - Math.max(1e-3, Math.abs(type.min) * 0.01), ...(top ? [type.max * 1.01] : [])];
      return {
        good: [type.min, top ? type.max : 1e300, (type.min + Math.min(type.max, 1e6)) / 2],
        badText: [...out.map(String), 'Infinity', 'NaN', 'x', ''],
        badValue: [...out, NaN, Infinity, String(type.min), null],
      };
    }
    case 'bool':
      return { good: [true, false], badText: ['2', 'yes'], badValue: [1, 0, 'true', null] };
  }
}
const textOf = (v: unknown) => (typeof v === 'boolean' ? (v ? '1' : '0') : String(v));

describe('every one-value field, each channel with the same bounds (link, attribute, embed API, the element’s setState)', () => {
  const scalars = FIELDS.filter((f) => f.type && !f.alias);
  test('the table has every field of State, once (besides the alias causal)', () => {
    const keys = FIELDS.filter((f) => !f.alias).map((f) => f.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect([...keys].sort()).toEqual(Object.keys(defaultState()).sort());
  });
  for (const f of scalars) {
    const type = f.type!;
    const { good, badText, badValue } = samples(type);
    const initial = defaultState()[f.key];
    test(`${f.key} (${type.kind}; link ${f.link!.keys[0]}, attribute ${f.attr!.name}, embed ${f.embed!.key})`, () => {
      for (const v of good) {
        expect(parse(`#${f.link!.keys[0]}=${encodeURIComponent(textOf(v))}`)[f.key], `link ${String(v)}`).toEqual(v);
        expect(f.attr!.read(textOf(v), initial as never), `attribute ${String(v)}`).toEqual(v);
        expect(statePatch({ [f.embed!.key]: v }), `embed ${String(v)}`).toEqual({ ok: true, patch: { [f.key]: v } });
        expect(checkedPatch({ [f.key]: v }), `setState ${String(v)}`).toEqual({ [f.key]: v });
      }
      for (const t of badText) {
        expect(parse(`#${f.link!.keys[0]}=${encodeURIComponent(t)}`)[f.key], `link "${t}"`).toEqual(initial);
        expect(f.attr!.read(t, initial as never), `attribute "${t}"`).toBeUndefined();
      }
      for (const v of badValue) {
        const patch = statePatch({ [f.embed!.key]: v });
        expect(patch.ok, `embed ${String(v)}`).toBe(false);
        if (!patch.ok) expect(patch.message).toBe(`bad value for ${f.embed!.key}: ${JSON.stringify(v)}`);
        expect(() => checkedPatch({ [f.key]: v }), `setState ${String(v)}`).toThrow(
          `setState: bad value for ${f.key}: ${JSON.stringify(v)} (${typeWords(type)})`,
        );
      }
    });
  }
  test('the bounds a control offers are the table’s (h, the heads, the tile size)', () => {
    expect(boundsOf('h')).toEqual([1, 256]);
    expect(boundsOf('numKvHeads')).toEqual([1, 256]);
    expect(boundsOf('head')).toEqual([0, 255]);
    expect(boundsOf('tileSize')).toEqual([1, 16]);
    expect(scalarFromText({ kind: 'bool' }, 'true', 'link')).toBeUndefined(); // a link says 1 or 0
    expect(scalarFromText({ kind: 'bool' }, '', 'attr')).toBe(true); // <attention-playground scale>
  });
});

describe('the fields with more than one value', () => {
  test('causal is another name of the mask, in the attributes and the embed API only', () => {
    const causal = FIELDS.find((f) => f.alias)!;
    expect(causal).toMatchObject({ key: 'mask', link: null, embed: { key: 'causal' }, attr: { name: 'causal' } });
    expect(statePatch({ causal: true })).toEqual({ ok: true, patch: { mask: 'causal' } });
    expect(causal.attr!.read('false', 'causal')).toBe('none');
  });
  test('matrices: the attribute sets the matrices it names and keeps the others; the embed API replaces them, naming a bad one', () => {
    const m = FIELDS.find((f) => f.key === 'matrices' && f.attr)!;
    const kept = defaultState().matrices;
    const next = m.attr!.read('{"Q": [[1, 2]], "nope": [[3]]}', kept) as State['matrices'];
    expect(next.Q).toEqual({ kind: 'cells', cells: [['1', '2']] });
    expect(next.K).toBe(kept.K);
    expect(m.attr!.read('{not json', kept as never)).toBeUndefined();
    expect(statePatch({ matrices: { Z: [[1]] } })).toMatchObject({ ok: false, message: expect.stringContaining('unknown matrix "Z"') as unknown });
    expect(statePatch({ matrices: { Q: [[1], [2, 3]] } })).toMatchObject({ ok: false, message: 'Q must be a rectangular array of rows' });
  });
  test('an unknown key is refused by the embed API and ignored by a link', () => {
    expect(statePatch({ colour: 'red' })).toEqual({ ok: false, message: 'unknown state key "colour"' });
    expect(parse('#colour=red')).toEqual(defaultState());
  });
});
