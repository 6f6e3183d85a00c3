// linear-time.test.ts — every entry that reads user text (a cell, a paste, a
// link, the stored state) takes time linear in its length on adversarial text.
//
// Not a speed target (those are the benchmarks'): a complexity property.
// Linear work takes about 4× as long for 4× the text, quadratic work 16×.
// Each entry reads each input at a size where its time is measurable (the
// first of 3,125, 6,250, … 100,000 characters that takes 10 ms, else 100,000)
// and at 4× that size; the check is time(4n) ≤ 8 × time(n) + 20 ms, the best
// of three runs each (a noisy neighbour only slows a run down). A failure
// is believed only when the next two sizes up (2n against 8n, 4n against
// 16n) fail too: the times step up where the garbage collector starts to
// promote (about 5× from 50 K to 100 K characters for a paste of lines; lone
// surrogates, read as a link's tokens, once measured 22× from 100 K to 400 K
// and 15× from 200 K to 800 K on a loaded machine), quadratic work fails at
// every size. Starting small keeps a quadratic regression quick to fail
// (the old cell expression: 10 ms at 3,125 characters, 30 s at 100,000).
import { beforeAll, describe, expect, test } from 'vitest';
import type { Core } from '../../../web/src/core/core';
import { checkCell, readMatrix } from '../../../web/src/model/compute';
import { defaultState, parse, parseStored, serialize } from '../../../web/src/model/state';
import { parseMatrix } from '../../../web/src/parse/parse';
import { loadCoreForNode } from '../support/load-core';

const START = 3_125;
const SMALL = 100_000; // the largest n; 4n … 16n are longer
const RATIO = 8; // linear ≈ 4, quadratic ≈ 16
const FLOOR_MS = 20; // timer resolution, a garbage collection
const MEASURABLE_MS = 10;

let core: Core;
beforeAll(async () => {
  core = await loadCoreForNode();
});

/** Adversarial text of about n characters: long runs that a backtracking expression or a recursive reader trips on. */
const INPUTS: Record<string, (n: number) => string> = {
  'digits and a letter': (n) => `${'1'.repeat(n)}a`,
  'digits . digits x': (n) => `${'1'.repeat(n / 2)}.${'1'.repeat(n / 2)}x`,
  '1e, digits, x': (n) => `1e${'1'.repeat(n)}x`,
  'e × n': (n) => `1${'e'.repeat(n)}`,
  'spaces, then x': (n) => `1${' '.repeat(n)}x`,
  'spaces, then a tab': (n) => `1${' '.repeat(n)}\t2`,
  'tabs and spaces': (n) => '1 \t'.repeat(n / 3),
  '[ × n': (n) => '['.repeat(n),
  '1, × n': (n) => '1,'.repeat(n / 2),
  '[1 1 1 …': (n) => `[${'1 '.repeat(n / 2)}`,
  lines: (n) => '1\n'.repeat(n / 2),
  quotes: (n) => '"'.repeat(n),
  'an open string': (n) => `["${'a'.repeat(n)}`,
  '# × n': (n) => '#'.repeat(n),
  '- × n': (n) => '-'.repeat(n),
  '% × n': (n) => '%'.repeat(n),
  'broken %E0%A4%A': (n) => '%E0%A4%A'.repeat(n / 8),
  '= × n': (n) => '='.repeat(n),
  '& × n': (n) => '&'.repeat(n),
  'entries a=b&': (n) => 'x.a=b&'.repeat(n / 6),
  'lone surrogates': (n) => '\ud83d'.repeat(n),
  'a long random source': (n) => `rand:${'1'.repeat(n)}:`,
  words: (n) => 'nan '.repeat(n / 4),
};

/** The entries that read user text. */
const ENTRIES: Record<string, (text: string) => unknown> = {
  'checkCell (a cell)': (text) => checkCell(text),
  'readMatrix (a cell of a state)': (text) => readMatrix(core, { ...defaultState(), matrices: { Q: { kind: 'cells', cells: [[text, text]] } } }, 'Q'),
  'parseMatrix (a paste)': (text) => parseMatrix(text),
  'parse (a whole hash)': (text) => parse(text),
  'parse (a cell of a link)': (text) => parse(`op=attention&Q=${text}`),
  'parse (tokens of a link)': (text) => parse(`tokens=${text}`),
  'serialize (tokens, a cell)': (text) => serialize({ ...defaultState(), tokens: [text], matrices: { Q: { kind: 'cells', cells: [[text]] } } }),
  'parseStored (the stored state)': (text) => parseStored(`#${text}`),
};

/** The best of `runs` timings of f(text), in ms. */
function best(f: (text: string) => unknown, text: string, runs = 3): number {
  let min = Infinity;
  for (let r = 0; r < runs; r++) {
    (globalThis as { gc?: () => void }).gc?.(); // a clean heap: no collection of earlier garbage inside the timing
    const t0 = performance.now();
    f(text);
    min = Math.min(min, performance.now() - t0);
  }
  return min;
}

/** null when f reads the text of `make` in linear time, else the times that say it does not. */
function superlinear(f: (text: string) => unknown, make: (n: number) => string): string | null {
  let n = START;
  while (n < SMALL && best(f, make(n), 2) < MEASURABLE_MS) n *= 2;
  const seen: string[] = [];
  for (const size of [n, 2 * n, 4 * n]) {
    const small = best(f, make(size));
    const large = best(f, make(4 * size));
    if (large <= RATIO * small + FLOOR_MS) return null;
    seen.push(`${small.toFixed(1)} ms at ${size}, ${large.toFixed(1)} ms at ${4 * size}`);
  }
  return seen.join('; ');
}

describe('time linear in the length of the text', () => {
  test('the timings start from a clean heap (vitest.config.ts runs the node project with --expose-gc)', () => {
    expect(typeof (globalThis as { gc?: unknown }).gc).toBe('function');
  });

  test.each(Object.entries(ENTRIES))(
    '%s',
    (_entry, f) => {
      const failures: string[] = [];
      for (const [input, make] of Object.entries(INPUTS)) {
        let problem: string | null;
        try {
          problem = superlinear(f, make);
        } catch (err) {
          problem = `threw ${String(err)}`; // no entry may throw on any text
        }
        if (problem) failures.push(`${input}: ${problem}`);
      }
      expect(failures).toEqual([]);
    },
    120_000,
  );
});
