// state-robust.test.ts — the URL form can not break the page: parse() reads
// any string into a valid State, serialize() writes any State (a lone
// surrogate becomes U+FFFD), the stored copy is read strictly (parseStored),
// and links keep what they say: rows of different lengths, random sources
// over the core's limits.
import { describe, expect, test } from 'vitest';
import { PRESETS } from '../../../web/src/model/presets';
import { OPS } from '../../../web/src/model/ops/index';
import { defaultState, OPERATIONS, parse, parseStored, serialize, wellFormed, type State } from '../../../web/src/model/state';
import { wellFormedJs } from '../../../web/src/model/url-text';

/** Is every UTF-16 surrogate in `s` half of a pair? */
const isWellFormed = (s: string): boolean => !/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(s);

const isText = (x: unknown): boolean => typeof x === 'string' && isWellFormed(x);
const isCount = (x: unknown, lo: number, hi: number): boolean => Number.isInteger(x) && (x as number) >= lo && (x as number) <= hi;

/** What is wrong with `s` as a State ('' when nothing): every field of its type, every text well-formed. */
function invalid(s: State): string {
  const d = defaultState();
  if (Object.keys(s).sort().join() !== Object.keys(d).sort().join()) return `keys ${Object.keys(s).join()}`;
  if (!OPERATIONS.includes(s.op)) return `op ${s.op}`;
  if (!['none', 'causal', 'custom'].includes(s.mask)) return `mask ${s.mask}`;
  if (typeof s.scale !== 'boolean') return 'scale';
  if (![s.h, s.numHeads, s.numKvHeads].every((n) => isCount(n, 1, 256)) || !isCount(s.head, 0, 255)) return 'heads';
  if (!isCount(s.seed, 0, 2 ** 32 - 1)) return `seed ${s.seed}`;
  if (!(Number.isFinite(s.eps) && s.eps >= 0)) return `eps ${s.eps}`;
  if (!s.customMask.every((row) => row.every((b) => typeof b === 'boolean'))) return 'customMask';
  if (!s.tokens.every(isText)) return 'tokens';
  if (!Object.entries(s.experiments).every(([k, v]) => isText(k) && isText(v))) return 'experiments';
  if (!/^[a-z0-9]*$/.test(s.run)) return `run ${s.run}`;
  for (const [name, src] of Object.entries(s.matrices)) {
    if (src.kind === 'cells' && !src.cells.every((row) => row.length > 0 && row.every(isText))) return `cells of ${name}`;
    if (src.kind === 'random') {
      const { rows, cols, seed, scale, digits } = src;
      if (!isCount(rows, 1, 2 ** 32 - 1) || !isCount(cols, 1, 2 ** 32 - 1) || !isCount(seed, 0, 2 ** 32 - 1) || !Number.isFinite(scale))
        return `random ${name}`;
      if (digits !== undefined && !isCount(digits, 0, 15)) return `digits of ${name}`;
    }
  }
  return '';
}

/** A deterministic generator (mulberry32), so a failure can be replayed. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Keys of the URL form, and pieces of values: separators, broken percent-encoding, surrogates, huge numbers, random sources. */
const KEYS = [
  'op',
  'mask',
  'scale',
  'h',
  'eps',
  'H',
  'G',
  'seed',
  'head',
  'tokens',
  'M',
  'run',
  'x.',
  'x.scaling.ds',
  'x.__proto__',
  'Q',
  'K',
  'V',
  'X',
  'Wq',
  'bo',
];
const PIECES = [
  ...['=', '&', ',', ';', ':', '#', '%', '%E0%A4%A', '%ED%A0%BD', '%F0%9F%98%80', '%zz', '%25', '+', '.', '-', 'e', 'E'],
  ...['\ud83d', '\ude00', '\ud83d\ude00', '我', '\u0000', ' ', '\u2212', 'NaN', 'Infinity', '1e999', '-0', '9'.repeat(400), '4294967296'],
  ...['rand:3:2:1:1', 'rand:4097:64:1:1', 'rand:0:1:1:1', 'rand:1:1:1:1:99', 'rand:2:2:5:0.5:2', 'rand:', 'attention', 'gqa', 'custom', 'causal'],
  ...['0', '1', '2', '256', '01;10', '1,2;3', '__proto__', 'constructor'],
];

/** A fuzzed hash: key=value entries whose values are pieces and random UTF-16 units (lone surrogates included), or a soup of both. */
function fuzzHash(next: () => number): string {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)];
  const piece = () => (next() < 0.85 ? pick(PIECES) : String.fromCharCode(Math.floor(next() * 0x10000)));
  const value = () => Array.from({ length: Math.floor(next() * 3) + 1 }, piece).join('');
  const n = Math.floor(next() * 12);
  const text =
    next() < 0.6
      ? Array.from({ length: n }, () => `${pick(KEYS)}=${value()}`).join('&')
      : Array.from({ length: n * 2 }, () => (next() < 0.3 ? pick(KEYS) : piece())).join('');
  return (next() < 0.3 ? '#' : '') + text;
}

describe('wellFormed', () => {
  test.each([
    ['', ''],
    ['abc', 'abc'],
    ['\ud83d\ude00', '\ud83d\ude00'],
    ['\ud83d', '\ufffd'],
    ['\ude00', '\ufffd'],
    ['a\ud83db', 'a\ufffdb'],
    ['\ude00\ud83d', '\ufffd\ufffd'],
    ['\ud83d\ud83d\ude00', '\ufffd\ud83d\ude00'],
    ['x\ud83d\ude00\ud83d', 'x\ud83d\ude00\ufffd'],
  ])('%j → %j', (text, expected) => {
    expect(wellFormed(text)).toBe(expected);
    expect(wellFormedJs(text), 'the JS fallback').toBe(expected);
    expect(isWellFormed(wellFormed(text))).toBe(true);
  });

  test('well-formed text is returned as it is', () => {
    const text = 'Attention 注意力 😀'.repeat(100);
    expect(wellFormed(text)).toBe(text);
    expect(wellFormedJs(text)).toBe(text);
  });

  test('the JS fallback equals the engine’s toWellFormed on 2,000 random texts of surrogates and letters', () => {
    const units = [0x61, 0xd83d, 0xde00, 0xdbff, 0xdc00, 0x4e2d];
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let k = 0; k < 2000; k++) {
      const text = String.fromCharCode(...Array.from({ length: Math.floor(next() * 12) }, () => units[Math.floor(next() * units.length)]));
      expect(wellFormedJs(text), JSON.stringify(text)).toBe((text as unknown as { toWellFormed(): string }).toWellFormed());
    }
  });
});

describe('serialize never throws: a lone surrogate is written as U+FFFD', () => {
  const withLoneSurrogates = (): State => {
    const s = defaultState();
    s.tokens = ['\ud83d', 'ok\ude00', '😀'];
    s.matrices.Q = {
      kind: 'cells',
      cells: [
        ['1\ud83d', '2'],
        ['3', '\udfff'],
      ],
    };
    s.experiments = { 'scaling.ds\ud800': '4,\udbff' };
    return s;
  };

  test('tokens, cells and experiment settings with lone surrogates', () => {
    const text = serialize(withLoneSurrogates());
    expect(text).toMatch(/^[\x21-\x7e]*$/);
    const back = parse(text);
    expect(back.tokens).toEqual(['\ufffd', 'ok\ufffd', '😀']);
    expect(back.matrices.Q).toEqual({
      kind: 'cells',
      cells: [
        ['1\ufffd', '2'],
        ['3', '\ufffd'],
      ],
    });
    expect(back.experiments).toEqual({ 'scaling.ds\ufffd': '4,\ufffd' });
  });

  test('the stored state of the issue, #tokens=\\ud83d, loads and writes again', () => {
    const s = parse('#tokens=\ud83d');
    expect(s.tokens).toEqual(['\ufffd']);
    expect(() => serialize(s)).not.toThrow();
    expect(serialize(s)).toContain('tokens=%EF%BF%BD');
  });

  test('broken percent-encoding is kept as it was typed (as before), and written back safely', () => {
    const s = parse('op=attention&tokens=%ED%A0%BD,%E0%A4%A,100%,%41&Q=%zz');
    expect(s.tokens).toEqual(['%ED%A0%BD', '%E0%A4%A', '100%', 'A']);
    expect(s.matrices.Q).toEqual({ kind: 'cells', cells: [['%zz']] });
    expect(parse(serialize(s))).toEqual(s);
  });
});

describe('parse never throws, and always returns a valid State', () => {
  test('20,000 fuzzed hashes: a valid State, written as printable ASCII, read back the same', () => {
    const next = random(20260513);
    const seen = { matrices: 0, random: 0, replaced: 0, experiments: 0, tokens: 0 };
    for (let i = 0; i < 20_000; i++) {
      const hash = fuzzHash(next);
      let s: State;
      try {
        s = parse(hash);
      } catch (err) {
        throw new Error(`parse threw on ${JSON.stringify(hash)}: ${String(err)}`);
      }
      const problem = invalid(s);
      if (problem) throw new Error(`parse(${JSON.stringify(hash)}) is not a valid State: ${problem}`);
      const text = serialize(s);
      if (!/^[\x21-\x7e]*$/.test(text)) throw new Error(`serialize of ${JSON.stringify(hash)} is not printable ASCII: ${JSON.stringify(text)}`);
      // once written, a link is stable (a link whose every matrix was unreadable falls back to the defaults, so it is not)
      if (Object.keys(s.matrices).length > 0 && serialize(parse(text)) !== text) throw new Error(`not stable: ${JSON.stringify(hash)} → ${text}`);
      expect(parseStored(`#${text}`)).not.toBeNull();
      seen.matrices += Object.keys(s.matrices).length > 0 && hash.includes('=') ? 1 : 0;
      seen.random += Object.values(s.matrices).some((m) => m.kind === 'random') && hash.includes('rand') ? 1 : 0;
      seen.replaced += text.includes('%EF%BF%BD') ? 1 : 0;
      seen.experiments += Object.keys(s.experiments).length > 0 ? 1 : 0;
      seen.tokens += s.tokens.length > 0 ? 1 : 0;
    }
    // the fuzzer reached every part of the format
    for (const [what, n] of Object.entries(seen)) expect(n, what).toBeGreaterThan(200);
  });

  test.each([
    ['[ × 10,000', '['.repeat(10_000)],
    ['= soup', '='.repeat(10_000)],
    ['& soup', '&'.repeat(10_000)],
    ['% soup', 'tokens=' + '%'.repeat(10_000)],
    ['huge numbers', `h=${'9'.repeat(1000)}&seed=1e999&eps=1e999&head=-1&Q=rand:${'9'.repeat(400)}:1:1:1`],
    ['a NUL and controls', 'op=attention\u0000&tokens=\u0001,\u007f'],
    ['only surrogates', '\ud83d'.repeat(1000)],
  ])('%s', (_what, hash) => {
    const s = parse(hash);
    expect(invalid(s)).toBe('');
    expect(() => serialize(s)).not.toThrow();
  });
});

describe('links keep what they say', () => {
  test('rows of different lengths are kept as given, not padded (compute.ts reports them)', () => {
    expect(parse('op=attention&Q=1,2;3').matrices.Q).toEqual({ kind: 'cells', cells: [['1', '2'], ['3']] });
    expect(parse('Q=1;2,3').matrices.Q).toEqual({ kind: 'cells', cells: [['1'], ['2', '3']] });
  });

  test('a random source over the core’s limits is kept (compute.ts names the limit), an impossible one is not', () => {
    expect(parse('op=attention&Q=rand:4097:64:1:1').matrices.Q).toEqual({ kind: 'random', rows: 4097, cols: 64, seed: 1, scale: 1 });
    expect(parse('Q=rand:4294967295:1:1:1').matrices.Q).toMatchObject({ rows: 2 ** 32 - 1 });
    for (const text of ['rand:0:2:1:1', 'rand:2:0:1:1', 'rand:4294967296:1:1:1', 'rand:1:1:1:1e999', 'rand:1:1:4294967296:1', 'rand:1:1:1:1:16'])
      expect(parse(`Q=${text}&K=1`).matrices.Q, text).toBeUndefined();
  });

  test('old links load the same: every preset, and a hand-written link', () => {
    for (const p of PRESETS) expect(parse(serialize(p.build()))).toEqual(p.build());
    const s = parse('op=multi_head&h=2&mask=causal&tokens=the,cat,sat&Q=1,0;0,1;1,1&K=rand:3:2:7:0.5:2&V=1,2;3,4;5,6');
    expect([s.op, s.h, s.mask, s.tokens]).toEqual(['multi_head', 2, 'causal', ['the', 'cat', 'sat']]);
    expect(s.matrices.K).toEqual({ kind: 'random', rows: 3, cols: 2, seed: 7, scale: 0.5, digits: 2 });
    expect(OPS[s.op].inputs.every((n) => s.matrices[n] !== undefined)).toBe(true);
  });
});

describe('parseStored: the copy in localStorage is read strictly', () => {
  test('what the page writes is read back', () => {
    for (const p of PRESETS) expect(parseStored(`#${serialize(p.build())}`)).toEqual(p.build());
    const s = defaultState();
    s.experiments = { 'scaling.ds': '4,8' };
    s.tokens = ['我', '😀'];
    expect(parseStored(`#${serialize(s)}`)).toEqual(s);
  });

  test.each([
    ['a lone surrogate (the issue)', '#tokens=\ud83d'],
    ['text that is not ASCII', '#op=attention&tokens=我'],
    ['no #', 'op=attention'],
    ['JSON', '{"op":"attention"}'],
    ['only #', '#'],
    ['a space', '#op=attention&tokens=a b'],
    ['an unknown key', '#op=attention&bogus=1'],
    ['an entry without =', '#op=attention&Q'],
    ['an empty entry', '#op=attention&&Q=1'],
    ['a NUL', '#op=attention\u0000'],
    ['cut in half', '#op=atten\ud83d'],
  ])('%s is refused', (_what, text) => {
    expect(parseStored(text)).toBeNull();
  });
});
