// kv-cache.test.ts — the calculator's pure model: the bytes of each
// real configuration (Llama-3-8B at 128k tokens in fp16 is 16 GiB exactly),
// the sliding window, binary units, grouping, the fields and their problems, the bars.
import { describe, expect, test } from 'vitest';
import { binaryUnits, cacheBars, cacheBytes, CONFIGS, fieldsOf, grouped, keptTokens, readField, readFields } from '../../../web/src/model/kv-cache';

const config = (id: string) => {
  const c = CONFIGS.find((x) => x.id === id);
  if (!c) throw new Error(`no config ${id}`);
  return c;
};

describe('cacheBytes', () => {
  test('Llama-3-8B at 128k tokens in fp16: 32·2·8·128·131072·2 = 17,179,869,184 bytes = 16 GiB', () => {
    const b = cacheBytes(config('llama3-8b'), 131072, 2);
    expect(b).toBe(17179869184n);
    expect(b).toBe(32n * 2n * 8n * 128n * 131072n * 2n);
    expect(grouped(b)).toBe('17,179,869,184');
    expect(binaryUnits(b)).toBe('16 GiB');
  });
  test('the other configurations at 4k tokens in fp16', () => {
    expect(cacheBytes(config('gpt2'), 4096, 2)).toBe(2n * 12n * 12n * 64n * 4096n * 2n); // 144 MiB
    expect(binaryUnits(cacheBytes(config('gpt2'), 4096, 2))).toBe('144 MiB');
    expect(binaryUnits(cacheBytes(config('llama2-7b'), 4096, 2))).toBe('2 GiB');
    expect(cacheBytes(config('falcon-7b'), 4096, 2)).toBe(2n * 32n * 1n * 64n * 4096n * 2n); // 32 MiB
    expect(binaryUnits(cacheBytes(config('falcon-7b'), 131072, 8))).toBe('4 GiB');
  });
  test("Mistral-7B's window: the cache stops growing at 4096 tokens", () => {
    const m = config('mistral-7b');
    expect(keptTokens(m, 100)).toBe(100);
    expect(cacheBytes(m, 131072, 2)).toBe(cacheBytes(m, 4096, 2));
    expect(cacheBytes(m, 4096, 2)).toBe(cacheBytes(config('llama3-8b'), 4096, 2));
    expect(cacheBytes(m, 2048, 2) * 2n).toBe(cacheBytes(m, 4096, 2));
  });
  test('float64 is 4 times fp16; exact beyond 2^53', () => {
    const big = { layers: 1000, kvHeads: 1024, headDim: 4096, window: null };
    expect(cacheBytes(big, 1e9, 16)).toBe(2n * 1000n * 1024n * 4096n * 1000000000n * 16n);
    expect(cacheBytes(config('llama3-8b'), 4096, 8)).toBe(4n * cacheBytes(config('llama3-8b'), 4096, 2));
  });
});

describe('binaryUnits and grouped', () => {
  test.each([
    [0n, '0 B'],
    [1023n, '1023 B'],
    [1024n, '1 KiB'],
    [1536n, '1.5 KiB'],
    [3n << 29n, '1.5 GiB'],
    [768n << 20n, '768 MiB'],
    [(1n << 30n) + 1n, '1 GiB'],
    [5n << 40n, '5 TiB'],
  ])('%s bytes → %s', (b, s) => expect(binaryUnits(b)).toBe(s));
  test('grouping', () => {
    expect(grouped(0)).toBe('0');
    expect(grouped(999)).toBe('999');
    expect(grouped(1000)).toBe('1,000');
    expect(grouped(131072)).toBe('131,072');
  });
});

describe('fields', () => {
  test('whole numbers, with grouping allowed', () => {
    expect(readField('tokens', '131072')).toBe(131072);
    expect(readField('tokens', ' 131,072 ')).toBe(131072);
    expect(readField('tokens', '131_072')).toBe(131072);
    expect(readField('window', 'none')).toBeNull();
    expect(readField('window', '')).toBeNull();
    expect(readField('window', '4096')).toBe(4096);
  });
  test('junk and out-of-range values are explained', () => {
    expect(readField('layers', 'abc')).toMatchObject({ field: 'layers', key: 'notWhole', vars: { value: 'abc' } });
    expect(readField('layers', '1.5')).toMatchObject({ key: 'notWhole' });
    expect(readField('layers', '-3')).toMatchObject({ key: 'notWhole' });
    expect(readField('layers', '')).toMatchObject({ key: 'notWhole' });
    expect(readField('layers', '0')).toMatchObject({ key: 'range', vars: { min: 1, max: '1,000' } });
    expect(readField('bytes', '32')).toMatchObject({ key: 'range' });
    expect(readField('tokens', '1,2,3')).toMatchObject({ key: 'notWhole' });
  });
  test('readFields: the input, or every problem; KV heads must divide query heads', () => {
    const ok = readFields(fieldsOf(config('mistral-7b'), 8192, 8));
    expect(ok.problems).toEqual([]);
    expect(ok.input).toEqual({ layers: 32, queryHeads: 32, kvHeads: 8, headDim: 128, window: 4096, tokens: 8192, bytes: 8 });
    const bad = readFields({ ...fieldsOf(config('llama3-8b')), layers: 'x', kvHeads: '5' });
    expect(bad.input).toBeNull();
    expect(bad.problems.map((p) => [p.field, p.key])).toEqual([
      ['layers', 'notWhole'],
      ['kvHeads', 'divides'],
    ]);
  });
});

describe('cacheBars', () => {
  test('4k / 32k / 128k in fp16 and float64, the chosen bar marked', () => {
    const input = readFields(fieldsOf(config('llama3-8b'))).input!;
    const bars = cacheBars(input);
    expect(bars.map((b) => [b.tokens, b.width])).toEqual([
      [4096, 2],
      [4096, 8],
      [32768, 2],
      [32768, 8],
      [131072, 2],
      [131072, 8],
    ]);
    expect(bars.filter((b) => b.chosen).map((b) => b.bytes)).toEqual([17179869184n]);
  });
  test("the fields' own tokens and width are added", () => {
    const input = { ...readFields(fieldsOf(config('gpt2'))).input!, tokens: 1024, bytes: 4 };
    const bars = cacheBars(input);
    expect(bars).toHaveLength(12);
    expect(bars[0]).toMatchObject({ tokens: 1024, width: 2, chosen: false });
    expect(bars.find((b) => b.chosen)).toMatchObject({ tokens: 1024, width: 4, bytes: 2n * 12n * 12n * 64n * 1024n * 4n });
  });
});
