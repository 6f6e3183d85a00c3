// kv-cache.test.ts — the calculator's pure model: every preset's cache
// against bytes computed by hand (the formula written out in BigInt: K and V,
// GQA / MQA, MLA's latent, the sliding window on every layer or on some), each
// value type (int4 in half bytes, rounded up per tensor), the batch, the
// weights and "fits"; binary units, grouping, the fields and their problems,
// the bars, and the formulas as the panel writes them (model/kv-formula.ts).
import { describe, expect, test } from 'vitest';
import {
  binaryUnits,
  cacheBars,
  cacheBytes,
  CONFIGS,
  dtypeBytes,
  DTYPES,
  fieldsOf,
  FIELD_RANGE,
  fitIn,
  GIB,
  grouped,
  keptTokens,
  kindOf,
  readField,
  readFields,
  roundedTensors,
  START_MENUS,
  weightBytes,
  type CalcInput,
  type Menus,
  type RunFields,
} from '../../../web/src/model/kv-cache';
import { cacheFormula, fitLine, fitOf, weightsLine, windowNote } from '../../../web/src/model/kv-formula';
import { t } from '../../../web/src/i18n/i18n';

const config = (id: string) => {
  const c = CONFIGS.find((x) => x.id === id);
  if (!c) throw new Error(`no config ${id}`);
  return c;
};
/** A preset's input as the calculator reads it, with the run and the menus given. */
const inputOf = (id: string, run: Partial<RunFields> = {}, menus: Partial<Menus> = {}): CalcInput => {
  const c = config(id);
  const r = readFields(fieldsOf(c, run), { ...START_MENUS, attention: c.mla ? 'mla' : 'kv', ...menus });
  if (!r.input) throw new Error(JSON.stringify(r.problems));
  return r.input;
};
const en = (key: string, vars?: Record<string, string | number>) => t('en', key, vars);
const K128 = 131072n;

describe('every preset at 128k tokens (131,072) in fp16, batch 1', () => {
  test.each([
    ['gpt2', 2n * 12n * 12n * 64n * K128 * 2n, '4.5 GiB'],
    ['llama2-7b', 2n * 32n * 32n * 128n * K128 * 2n, '64 GiB'],
    ['llama3-8b', 2n * 32n * 8n * 128n * K128 * 2n, '16 GiB'],
    ['mistral-7b', 2n * 32n * 8n * 128n * 4096n * 2n, '512 MiB'], // the window: 4,096 tokens kept on every layer
    ['falcon-7b', 2n * 32n * 1n * 64n * K128 * 2n, '1 GiB'],
    ['llama3.1-70b', 2n * 80n * 8n * 128n * K128 * 2n, '40 GiB'],
    ['qwen2.5-7b', 2n * 28n * 4n * 128n * K128 * 2n, '7 GiB'],
    ['gemma2-9b', 2n * 8n * 256n * (21n * 4096n + 21n * K128) * 2n, '21.7 GiB'], // 21 windowed layers, 21 global
    ['deepseek-v3', 61n * (512n + 64n) * K128 * 2n, '8.58 GiB'], // MLA: latent + RoPE key, no factor 2
  ])('%s: %s bytes (%s)', (id, bytes, units) => {
    expect(cacheBytes(config(id), 131072, 2)).toBe(bytes);
    expect(binaryUnits(bytes)).toBe(units);
  });
  test('Llama-3-8B is 17,179,869,184 bytes = 16 GiB; Llama-3.1-70B 42,949,672,960 = 40 GiB; DeepSeek-V3 9,210,691,584', () => {
    expect(grouped(cacheBytes(config('llama3-8b'), 131072, 2))).toBe('17,179,869,184');
    expect(grouped(cacheBytes(config('llama3.1-70b'), 131072, 2))).toBe('42,949,672,960');
    expect(grouped(cacheBytes(config('deepseek-v3'), 131072, 2))).toBe('9,210,691,584');
  });
  test('the existing presets keep their ids and shapes; the kinds are right', () => {
    expect(CONFIGS.slice(0, 5).map((c) => c.id)).toEqual(['gpt2', 'llama2-7b', 'llama3-8b', 'mistral-7b', 'falcon-7b']);
    for (const c of CONFIGS) expect(kindOf(c), c.id).toBe(c.kind);
    expect(new Set(CONFIGS.map((c) => c.id)).size).toBe(CONFIGS.length);
  });
});

describe('the shapes: MHA / GQA / MQA, MLA, the window', () => {
  test('at 4k tokens in fp16', () => {
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
  test("Gemma-2-9B's window on half its layers: up to 4,096 tokens every layer grows, then only the 21 global ones", () => {
    const g = config('gemma2-9b');
    expect(cacheBytes(g, 4096, 2)).toBe(2n * 42n * 8n * 256n * 4096n * 2n);
    expect(cacheBytes(g, 8192, 2)).toBe(2n * 8n * 256n * (21n * 4096n + 21n * 8192n) * 2n);
    expect(cacheBytes({ ...g, windowLayers: null }, 8192, 2)).toBe(2n * 42n * 8n * 256n * 4096n * 2n); // every layer windowed
    expect(cacheBytes({ ...g, window: null }, 8192, 2)).toBe(2n * 42n * 8n * 256n * 8192n * 2n); // no window
  });
  test('MLA caches (kv_lora_rank + qk_rope_head_dim) values a token a layer, whatever the heads', () => {
    const d = config('deepseek-v3');
    expect(cacheBytes(d, 1, 2)).toBe(61n * 576n * 2n);
    expect(cacheBytes({ ...d, kvHeads: 1, headDim: 1 }, 1000, 2)).toBe(61n * 576n * 1000n * 2n);
    expect(cacheBytes({ ...d, mla: { kvLoraRank: 256, ropeDim: 0 } }, 10, 1)).toBe(61n * 256n * 10n);
    // as MHA over its 128 heads of 128 (K and V each): 32,768 values a token a layer, 56.9 times as many
    expect(cacheBytes({ ...d, mla: null }, 1, 2)).toBe(2n * 61n * 128n * 128n * 2n);
  });
  test('exact beyond 2^53', () => {
    const big = { layers: 1000, kvHeads: 1024, headDim: 4096, window: null };
    expect(cacheBytes(big, 1e9, 16, 4096)).toBe(2n * 1000n * 1024n * 4096n * 1000000000n * 4096n * 16n);
  });
});

describe('value types and batch', () => {
  test('the types: fp32 4 B, bf16 and fp16 2 B, fp8 1 B, int4 ½ B, float64 8 B', () => {
    expect(Object.fromEntries(DTYPES.map((d) => [d.id, dtypeBytes(d.id)]))).toEqual({ fp32: 4, bf16: 2, fp16: 2, fp8: 1, int4: 0.5, float64: 8 });
  });
  test.each([
    ['fp32', 4n],
    ['bf16', 2n],
    ['fp8', 1n],
    ['float64', 8n],
  ] as const)('Llama-3.1-70B at 128k in %s: 2 · 80 · 8 · 128 · 131,072 · %s bytes', (dtype, b) => {
    expect(cacheBytes(config('llama3.1-70b'), 131072, dtypeBytes(dtype))).toBe(2n * 80n * 8n * 128n * K128 * b);
  });
  test('int4 counts half bytes: 2 · 80 · 8 · 128 · 131,072 · 4 bits / 8 exactly; MLA too', () => {
    expect(cacheBytes(config('llama3.1-70b'), 131072, 0.5)).toBe((2n * 80n * 8n * 128n * K128 * 4n) / 8n);
    expect(cacheBytes(config('llama3.1-70b'), 131072, 0.5)).toBe(10737418240n); // 10 GiB
    expect(cacheBytes(config('deepseek-v3'), 131072, 0.5, 3)).toBe((61n * 576n * K128 * 3n * 4n) / 8n);
    expect(roundedTensors(config('llama3.1-70b'), 131072, 0.5)).toBe(0n);
  });
  test('int4: each tensor (a layer’s K or V for the whole batch) rounds an odd count of values up to a whole byte', () => {
    const tiny = { layers: 1, kvHeads: 1, headDim: 1, window: null };
    expect(cacheBytes(tiny, 1, 0.5)).toBe(2n); // K: 1 value = 4 bits → 1 B; V the same
    expect(roundedTensors(tiny, 1, 0.5)).toBe(2n);
    expect(cacheBytes(tiny, 3, 0.5)).toBe(4n); // 3 values = 12 bits → 2 B each
    expect(cacheBytes(tiny, 3, 0.5, 2)).toBe(6n); // the batch in one tensor: 6 values = 3 B each
    expect(roundedTensors(tiny, 3, 0.5, 2)).toBe(0n);
    expect(cacheBytes({ ...tiny, layers: 5 }, 1, 0.5)).toBe(10n);
    const mla = { ...tiny, mla: { kvLoraRank: 3, ropeDim: 0 } }; // one latent tensor a layer
    expect(cacheBytes(mla, 1, 0.5)).toBe(2n);
    expect(roundedTensors(mla, 1, 0.5)).toBe(1n);
  });
  test('widths that are not whole bits are refused', () => {
    expect(() => cacheBytes(config('gpt2'), 1, 0.3)).toThrow(RangeError);
    expect(() => cacheBytes(config('gpt2'), 1, 0)).toThrow(RangeError);
  });
  test('the batch multiplies the cache: DeepSeek-V3 at 128k, fp8, batch 4 is 61 · 576 · 131,072 · 4 · 1 bytes', () => {
    expect(cacheBytes(config('deepseek-v3'), 131072, 1, 4)).toBe(61n * 576n * K128 * 4n * 1n);
    expect(cacheBytes(config('deepseek-v3'), 131072, 1, 4)).toBe(18421383168n);
    expect(cacheBytes(config('mistral-7b'), 131072, 2, 8)).toBe(2n * 32n * 8n * 128n * 4096n * 8n * 2n);
  });
});

describe('the weights and whether they fit', () => {
  test.each([
    ['gpt2', 124_439_808n],
    ['llama2-7b', 6_738_415_616n],
    ['llama3-8b', 8_030_261_248n],
    ['mistral-7b', 7_241_732_096n],
    ['falcon-7b', 6_921_720_704n],
    ['llama3.1-70b', 70_553_706_496n],
    ['qwen2.5-7b', 7_615_616_512n],
    ['gemma2-9b', 9_241_705_984n],
    ['deepseek-v3', 671_026_419_200n],
  ])('%s: %s parameters, in bf16 twice as many bytes, in int4 half as many', (id, params) => {
    const c = config(id);
    expect(BigInt(c.params)).toBe(params);
    expect(weightBytes(c.params, 2)).toBe(params * 2n);
    expect(weightBytes(c.params, 0.5)).toBe((params * 4n + 7n) / 8n);
  });
  test('Llama-3-8B in bf16: 8,030,261,248 · 2 = 16,060,522,496 bytes; an odd count in int4 rounds up', () => {
    expect(weightBytes(8_030_261_248, 2)).toBe(16_060_522_496n);
    expect(weightBytes(3, 0.5)).toBe(2n);
    expect(weightBytes(0, 2)).toBe(0n);
  });
  test('fits: weights + cache ≤ memory GiB, the margin exact (≤, so equal fits)', () => {
    const w = weightBytes(8_030_261_248, 2);
    const c = cacheBytes(config('llama3-8b'), 131072, 2);
    const f = fitIn(80, w, c);
    expect(f).toEqual({ memory: 80n * GIB, need: 16_060_522_496n + 17_179_869_184n, fits: true, margin: 80n * 1073741824n - 33_240_391_680n });
    expect(fitIn(1, GIB / 2n, GIB / 2n)).toMatchObject({ fits: true, margin: 0n });
    expect(fitIn(1, GIB / 2n, GIB / 2n + 1n)).toMatchObject({ fits: false, margin: -1n });
  });
  test('DeepSeek-V3 at 128k, fp8 cache, batch 4: bf16 weights do not fit in 80 GiB; Qwen2.5-7B at 32k does', () => {
    const d = fitOf(inputOf('deepseek-v3', { batch: 4 }, { dtype: 'fp8' }));
    expect(d.need).toBe(671_026_419_200n * 2n + 61n * 576n * K128 * 4n);
    expect(d.fits).toBe(false);
    expect(d.margin).toBe(80n * GIB - d.need);
    const q = fitOf(inputOf('qwen2.5-7b', { tokens: 32768, batch: 4 }, { dtype: 'bf16' }));
    expect(q.need).toBe(7_615_616_512n * 2n + 2n * 28n * 4n * 128n * 32768n * 4n * 2n);
    expect(q.fits).toBe(true);
  });
});

describe('the formulas as written on the panel', () => {
  test('K and V: Llama-3-8B and Llama-3.1-70B at 128k in fp16', () => {
    expect(cacheFormula(inputOf('llama3-8b'), en)).toBe('2 · 32 layers · 8 KV heads · 128 head dim · 131,072 tokens · 2 B = 17,179,869,184 B = 16 GiB');
    expect(cacheFormula(inputOf('llama3.1-70b'), en)).toBe('2 · 80 layers · 8 KV heads · 128 head dim · 131,072 tokens · 2 B = 42,949,672,960 B = 40 GiB');
  });
  test('MLA with a batch: DeepSeek-V3 at 128k in fp8, batch 4', () => {
    expect(cacheFormula(inputOf('deepseek-v3', { batch: 4 }, { dtype: 'fp8' }), en)).toBe(
      '61 layers · (512 + 64) latent + RoPE · 131,072 tokens · batch 4 · 1 B = 18,421,383,168 B = 17.2 GiB',
    );
  });
  test('the window: on every layer, and on half of them', () => {
    const m = inputOf('mistral-7b');
    expect(cacheFormula(m, en)).toBe('2 · 32 layers · 8 KV heads · 128 head dim · 4,096 tokens (the window) · 2 B = 536,870,912 B = 512 MiB');
    expect(windowNote(m, en)).toBe('The window keeps at most 4,096 tokens: the cache stops growing there.');
    const g = inputOf('gemma2-9b');
    expect(cacheFormula(g, en)).toBe('2 · 8 KV heads · 256 head dim · (21 layers · 4,096 + 21 layers · 131,072) tokens · 2 B = 23,253,221,376 B = 21.7 GiB');
    expect(windowNote(g, en)).toBe('21 of the 42 layers keep at most 4,096 tokens; the others keep every token.');
    expect(cacheFormula(inputOf('gemma2-9b', { tokens: 1000 }), en)).toBe(
      '2 · 42 layers · 8 KV heads · 256 head dim · 1,000 tokens · 2 B = 344,064,000 B = 328 MiB',
    );
  });
  test('int4, with the rounding said when it happens', () => {
    expect(cacheFormula(inputOf('llama3-8b', {}, { dtype: 'int4' }), en)).toBe(
      '2 · 32 layers · 8 KV heads · 128 head dim · 131,072 tokens · ½ B = 4,294,967,296 B = 4 GiB',
    );
    const tiny = { ...inputOf('gpt2', { tokens: 1 }, { dtype: 'int4' }), layers: 1, kvHeads: 1, queryHeads: 1, headDim: 1 };
    expect(cacheFormula(tiny, en)).toBe('2 · 1 layers · 1 KV heads · 1 head dim · 1 tokens · ½ B (each of 2 tensors rounded up to a whole byte) = 2 B');
  });
  test('the weights and the fit', () => {
    const x = inputOf('llama3-8b');
    expect(weightsLine(x, en)).toBe('Weights: 8,030,261,248 parameters · 2 B (bf16) = 16,060,522,496 bytes (15 GiB)');
    expect(fitLine(x, en)).toBe('Fits in 80 GiB: yes — 15 GiB weights + 16 GiB cache = 31 GiB; 49 GiB (52,658,954,240 bytes) to spare');
    const d = inputOf('deepseek-v3', { batch: 4 }, { dtype: 'fp8' });
    expect(fitLine(d, en)).toBe('Fits in 80 GiB: no — 1.22 TiB weights + 17.2 GiB cache = 1.24 TiB; 1.16 TiB (1,274,574,875,648 bytes) short');
    expect(fitLine({ ...d, weightDtype: 'fp8', memory: 1000 }, en)).toMatch(/^Fits in 1,000 GiB: yes — 625 GiB weights \+ 17\.2 GiB cache = 642 GiB; /);
  });
  test('中文', () => {
    const zh = (key: string, vars?: Record<string, string | number>) => t('zh', key, vars);
    expect(cacheFormula(inputOf('deepseek-v3'), zh)).toBe('61 层 · （512 + 64）潜在 + RoPE · 131,072 个词元 · 2 B = 9,210,691,584 B = 8.58 GiB');
    expect(fitLine(inputOf('llama3-8b'), zh)).toMatch(/^能否放入 80 GiB：能——/);
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
    [-(3n << 29n), '−1.5 GiB'],
  ])('%s bytes → %s', (b, s) => expect(binaryUnits(b)).toBe(s));
  test('grouping', () => {
    expect(grouped(0)).toBe('0');
    expect(grouped(999)).toBe('999');
    expect(grouped(1000)).toBe('1,000');
    expect(grouped(131072)).toBe('131,072');
    expect(grouped(671_026_419_200n)).toBe('671,026,419,200');
  });
});

describe('fields', () => {
  test('whole numbers, with grouping allowed; none and all', () => {
    expect(readField('tokens', '131072')).toBe(131072);
    expect(readField('tokens', ' 131,072 ')).toBe(131072);
    expect(readField('tokens', '131_072')).toBe(131072);
    expect(readField('params', '671,026,419,200')).toBe(671026419200);
    expect(readField('window', 'none')).toBeNull();
    expect(readField('window', '')).toBeNull();
    expect(readField('window', '4096')).toBe(4096);
    expect(readField('windowLayers', 'all')).toBeNull();
    expect(readField('windowLayers', '21')).toBe(21);
    expect(readField('ropeDim', '0')).toBe(0);
  });
  test('junk, negatives, fractions, empties and out-of-range values are each explained', () => {
    expect(readField('layers', 'abc')).toMatchObject({ field: 'layers', key: 'notWhole', vars: { value: 'abc' } });
    expect(readField('batch', '1.5')).toMatchObject({ key: 'fraction', vars: { value: '1.5', min: '1', max: '4,096' } });
    expect(readField('batch', '-3')).toMatchObject({ key: 'negative', vars: { value: '-3' } });
    expect(readField('batch', '')).toMatchObject({ key: 'empty' });
    expect(readField('batch', '0')).toMatchObject({ key: 'low', vars: { min: '1' } });
    expect(readField('batch', '5000')).toMatchObject({ key: 'high', vars: { max: '4,096' } });
    expect(readField('tokens', '2,000,000,000')).toMatchObject({ key: 'high', vars: { max: '1,000,000,000' } });
    expect(readField('layers', '0')).toMatchObject({ key: 'low', vars: { min: '1', max: '1,000' } });
    expect(readField('tokens', '1,2,3')).toMatchObject({ key: 'notWhole' });
    expect(en('kv.err.low', { value: '0', min: '1' })).toBe('0 is too small: the least is 1');
  });
  test('the lessons’ ranges stay: tokens 1 … 10⁹, a width of 1 … 16 bytes', () => {
    expect(FIELD_RANGE.tokens).toEqual([1, 1e9]);
    expect(FIELD_RANGE.bytes).toEqual([1, 16]);
  });
  test('readFields: the input, or every problem; KV heads must divide query heads; windowed layers ≤ layers', () => {
    const ok = readFields(fieldsOf(config('mistral-7b'), { tokens: 8192, batch: 2 }), { ...START_MENUS, dtype: 'float64' });
    expect(ok.problems).toEqual([]);
    expect(ok.input).toEqual({
      layers: 32,
      queryHeads: 32,
      kvHeads: 8,
      headDim: 128,
      window: 4096,
      windowLayers: null,
      mla: null,
      params: 7_241_732_096,
      tokens: 8192,
      batch: 2,
      memory: 80,
      attention: 'kv',
      dtype: 'float64',
      weightDtype: 'bf16',
    });
    const bad = readFields({ ...fieldsOf(config('llama3-8b')), layers: 'x', kvHeads: '5' });
    expect(bad.input).toBeNull();
    expect(bad.problems.map((p) => [p.field, p.key])).toEqual([
      ['layers', 'notWhole'],
      ['kvHeads', 'divides'],
    ]);
    const over = readFields({ ...fieldsOf(config('gemma2-9b')), windowLayers: '43' });
    expect(over.problems.map((p) => [p.field, p.key])).toEqual([['windowLayers', 'windowLayers']]);
    expect(readFields({ ...fieldsOf(config('gemma2-9b')), window: 'none', windowLayers: '43' }).problems).toEqual([]); // no window: unused
  });
  test('MLA reads the latent and ignores the KV heads; K and V ignore the latent', () => {
    const d = readFields({ ...fieldsOf(config('deepseek-v3')), kvHeads: 'junk' }, { ...START_MENUS, attention: 'mla' });
    expect(d.problems).toEqual([]);
    expect(d.input).toMatchObject({ mla: { kvLoraRank: 512, ropeDim: 64 }, kvHeads: 128 });
    const k = readFields({ ...fieldsOf(config('llama3-8b')), kvLoraRank: 'junk' });
    expect(k.problems).toEqual([]);
    expect(k.input?.mla).toBeNull();
  });
});

describe('cacheBars', () => {
  test('4k / 32k / 128k in fp16 and float64, the chosen bar marked', () => {
    const bars = cacheBars(inputOf('llama3-8b'));
    expect(bars.map((b) => [b.tokens, b.width, b.dtype])).toEqual([
      [4096, 2, 'fp16'],
      [4096, 8, 'float64'],
      [32768, 2, 'fp16'],
      [32768, 8, 'float64'],
      [131072, 2, 'fp16'],
      [131072, 8, 'float64'],
    ]);
    expect(bars.filter((b) => b.chosen).map((b) => b.bytes)).toEqual([17179869184n]);
  });
  test("the fields' own tokens and type are added, at the batch", () => {
    const bars = cacheBars(inputOf('gpt2', { tokens: 1024, batch: 3 }, { dtype: 'int4' }));
    expect(bars).toHaveLength(12);
    expect(bars[0]).toMatchObject({ tokens: 1024, width: 0.5, dtype: 'int4', chosen: true, bytes: (2n * 12n * 12n * 64n * 1024n * 3n * 4n) / 8n });
    expect(bars.find((b) => b.tokens === 4096 && b.width === 2)?.bytes).toBe(2n * 12n * 12n * 64n * 4096n * 3n * 2n);
    expect(cacheBars(inputOf('gpt2', {}, { dtype: 'bf16' })).find((b) => b.chosen)?.dtype).toBe('bf16');
  });
});
