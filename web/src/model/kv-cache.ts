// kv-cache.ts — the size of a decoder's K/V cache and of its weights, pure.
// The cache keeps, per token and layer, K and V of every KV head
// (2 · kv_heads · head_dim values: MHA, GQA, MQA) or, with multi-head latent
// attention (DeepSeek-V2/V3, Liu et al. 2024), the latent c_KV and the
// decoupled RoPE key (kv_lora_rank + qk_rope_head_dim values). A sliding
// window keeps at most `window` tokens on the layers that use it (Mistral:
// every layer; Gemma-2: every other one). Bytes = values · bits ÷ 8, each
// cached tensor (one layer's K or V, or its latent, for the whole batch)
// rounded up to a whole byte, which only int4's half bytes need. The weights
// are parameters · bits ÷ 8, rounded up; "fits" is weights + cache ≤ memory,
// memory in GiB (2³⁰ bytes). Counted in BigInt, so every size is an exact
// whole number of bytes however large; written out with grouping and in
// binary units (KiB = 2¹⁰, MiB = 2²⁰, GiB = 2³⁰, TiB = 2⁴⁰ bytes).

/** One model's cache shape: the numbers the bytes depend on (query heads only for the MHA comparison). */
export interface CacheShape {
  layers: number;
  queryHeads: number;
  kvHeads: number;
  headDim: number;
  /** Keys kept per layer at most (a sliding window), or null: every token stays. */
  window: number | null;
  /** How many layers use the window (Gemma-2 alternates windowed and global layers); absent or null: every layer. */
  windowLayers?: number | null;
  /** Multi-head latent attention: the latent's width and the decoupled RoPE key's; absent or null: K and V per KV head. */
  mla?: { kvLoraRank: number; ropeDim: number } | null;
}

/** How a model caches: MHA (kv = query heads), GQA (1 < kv < query heads), MQA (kv = 1), or MLA (a latent). */
export type CacheKind = 'MHA' | 'GQA' | 'MQA' | 'MLA';

/** A configuration of the calculator's menu (its sources: the page words `kv.src.<id>` and `kv.params.<id>`). */
export interface CacheConfig extends CacheShape {
  id: string;
  name: string;
  kind: CacheKind;
  /** Parameters of the whole model (what its weights hold). */
  params: number;
}

export { CONFIGS } from './kv-presets';

/** The value types a cache or the weights can be stored in, and their bits. */
export const DTYPES = [
  { id: 'fp32', bits: 32 },
  { id: 'bf16', bits: 16 },
  { id: 'fp16', bits: 16 },
  { id: 'fp8', bits: 8 },
  { id: 'int4', bits: 4 },
  { id: 'float64', bits: 64 },
] as const;
/** A value type's name. */
export type DtypeId = (typeof DTYPES)[number]['id'];

/** Bytes of one value of a type: 4, 2, 1, 0.5 or 8. */
export function dtypeBytes(id: DtypeId): number {
  return (DTYPES.find((d) => d.id === id) ?? DTYPES[2]).bits / 8;
}

/** A width in bytes as written in a formula: "2 B", "½ B". */
export function bytesText(bytes: number): string {
  return bytes === 0.5 ? '½ B' : `${bytes} B`;
}

/** The token counts the chart always shows: 4k, 32k and 128k (binary k: 4,096 … 131,072). */
export const TOKEN_MARKS: readonly number[] = [4096, 32768, 131072];
/** Bytes per value the chart always shows: fp16 and float64. */
export const BYTE_MARKS: readonly number[] = [2, 8];
/** One GiB, the unit of the memory a model must fit in. */
export const GIB = 1n << 30n;

/** Tokens in the cache of a windowed layer: all of them, or at most the window. */
export function keptTokens(shape: Pick<CacheShape, 'window'>, tokens: number): number {
  return shape.window === null ? tokens : Math.min(tokens, shape.window);
}

/** The layers that keep at most the window (0 without a window). */
export function windowedLayers(shape: Pick<CacheShape, 'layers' | 'window' | 'windowLayers'>): number {
  return shape.window === null ? 0 : Math.min(shape.layers, shape.windowLayers ?? shape.layers);
}

/** Values one layer caches per token and sequence: 2 · kv_heads · head_dim, or MLA's kv_lora_rank + qk_rope_head_dim. */
export function valuesPerToken(shape: Omit<CacheShape, 'queryHeads' | 'window'>): bigint {
  return shape.mla ? BigInt(shape.mla.kvLoraRank) + BigInt(shape.mla.ropeDim) : 2n * BigInt(shape.kvHeads) * BigInt(shape.headDim);
}

/** Cached tensors of one size: `count` tensors (over `layers` layers each keeping `kept` tokens) of `values` values each. */
export interface CacheTensors {
  layers: number;
  kept: number;
  count: bigint;
  values: bigint;
}

/** The cache's tensors: per layer K and V (batch · kv_heads · kept · head_dim values each) or MLA's latent (batch · kept · (rank + rope)); windowed layers apart from the others. */
export function cacheTensors(shape: Omit<CacheShape, 'queryHeads'>, tokens: number, batch = 1): CacheTensors[] {
  const windowed = windowedLayers(shape);
  const perLayer = shape.mla ? 1n : 2n;
  const perTensor = valuesPerToken(shape) / perLayer;
  const groups: [number, number][] = [
    [windowed, keptTokens(shape, tokens)],
    [shape.layers - windowed, tokens],
  ];
  return groups
    .filter(([layers]) => layers > 0)
    .map(([layers, kept]) => ({ layers, kept, count: perLayer * BigInt(layers), values: BigInt(batch) * BigInt(kept) * perTensor }));
}

/** Bits of one value `bytesPerValue` wide (0.5 → 4); a width is a whole number of bits. */
function bitsOf(bytesPerValue: number): bigint {
  const bits = bytesPerValue * 8;
  if (!Number.isInteger(bits) || bits < 1) throw new RangeError(`a value is a whole number of bits: ${bytesPerValue} bytes is not`);
  return BigInt(bits);
}

/** a ÷ b rounded up (a ≥ 0, b > 0). */
const ceilDiv = (a: bigint, b: bigint): bigint => (a + b - 1n) / b;

/** Bytes of the K/V cache, exactly: Σ over cached tensors of ⌈values · bits ÷ 8⌉ (values: batch · kept tokens · the values of a token). */
export function cacheBytes(shape: Omit<CacheShape, 'queryHeads'>, tokens: number, bytesPerValue: number, batch = 1): bigint {
  const bits = bitsOf(bytesPerValue);
  return cacheTensors(shape, tokens, batch).reduce((sum, g) => sum + g.count * ceilDiv(g.values * bits, 8n), 0n);
}

/** How many cached tensors end in half a byte, rounded up to a whole one (only int4 with an odd count of values). */
export function roundedTensors(shape: Omit<CacheShape, 'queryHeads'>, tokens: number, bytesPerValue: number, batch = 1): bigint {
  const bits = bitsOf(bytesPerValue);
  return cacheTensors(shape, tokens, batch).reduce((sum, g) => sum + ((g.values * bits) % 8n === 0n ? 0n : g.count), 0n);
}

/** Bytes of the weights: ⌈parameters · bits ÷ 8⌉ (one tensor rounded up). */
export function weightBytes(params: number, bytesPerValue: number): bigint {
  return ceilDiv(BigInt(params) * bitsOf(bytesPerValue), 8n);
}

/** Whether weights + cache fit in a memory: its bytes, what is needed, and the margin (memory − need; negative: short by that much). */
export interface Fit {
  memory: bigint;
  need: bigint;
  fits: boolean;
  margin: bigint;
}

/** Weights + cache against `memoryGiB` GiB (2³⁰ bytes each): fits when need ≤ memory. */
export function fitIn(memoryGiB: number, weights: bigint, cache: bigint): Fit {
  const memory = BigInt(memoryGiB) * GIB;
  const need = weights + cache;
  return { memory, need, fits: need <= memory, margin: memory - need };
}

/** The kind of a shape: MLA with a latent, else MHA / GQA / MQA by its KV heads. */
export function kindOf(x: Pick<CacheShape, 'queryHeads' | 'kvHeads' | 'mla'>): CacheKind {
  if (x.mla) return 'MLA';
  return x.kvHeads === x.queryHeads ? 'MHA' : x.kvHeads === 1 ? 'MQA' : 'GQA';
}

/** A whole number with thousands grouped: 17179869184n → "17,179,869,184". */
export function grouped(n: bigint | number): string {
  return BigInt(n)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** A size in binary units: "16 GiB", "1.5 GiB", "768 MiB", "128 KiB", "512 B" (at most 3 significant digits, exact when whole; a negative size keeps its sign). */
export function binaryUnits(bytes: bigint): string {
  if (bytes < 0n) return `−${binaryUnits(-bytes)}`;
  const units: [string, bigint][] = [
    ['TiB', 1n << 40n],
    ['GiB', 1n << 30n],
    ['MiB', 1n << 20n],
    ['KiB', 1n << 10n],
  ];
  for (const [unit, size] of units) {
    if (bytes < size) continue;
    if (bytes % size === 0n) return `${grouped(bytes / size)} ${unit}`;
    const x = Number(bytes) / Number(size);
    return `${x >= 100 ? grouped(Math.round(x)) : String(Number(x.toPrecision(3)))} ${unit}`;
  }
  return `${bytes} B`;
}

/** The name of a width in bytes: int4, int8, fp16, fp32, float64, or "n B". */
export function byteName(bytes: number): string {
  return ({ 0.5: 'int4', 1: 'int8', 2: 'fp16', 4: 'fp32', 8: 'float64' } as Record<number, string>)[bytes] ?? `${bytes} B`;
}

/** The calculator's typed fields (the menus — attention, the cache's type, the weights' type — are chosen, not typed). */
export type FieldName =
  'layers' | 'queryHeads' | 'kvHeads' | 'headDim' | 'kvLoraRank' | 'ropeDim' | 'window' | 'windowLayers' | 'params' | 'tokens' | 'batch' | 'memory';
/** Every field, in form order. */
export const FIELDS: readonly FieldName[] = [
  'layers',
  'queryHeads',
  'kvHeads',
  'headDim',
  'kvLoraRank',
  'ropeDim',
  'window',
  'windowLayers',
  'params',
  'tokens',
  'batch',
  'memory',
];
/** The fields that describe the model (an edit of one makes the menu "custom"); the others describe the run. */
export const MODEL_FIELDS: readonly FieldName[] = ['layers', 'queryHeads', 'kvHeads', 'headDim', 'kvLoraRank', 'ropeDim', 'window', 'windowLayers', 'params'];
/** Each field's range (whole numbers); `bytes` is the range of a width in bytes that cacheBytes takes from the lessons. */
export const FIELD_RANGE: Record<FieldName | 'bytes', [number, number]> = {
  layers: [1, 1000],
  queryHeads: [1, 1024],
  kvHeads: [1, 1024],
  headDim: [1, 4096],
  kvLoraRank: [1, 16384],
  ropeDim: [0, 4096],
  window: [1, 1e9],
  windowLayers: [1, 1000],
  params: [0, 1e13],
  tokens: [1, 1e9],
  batch: [1, 4096],
  memory: [1, 1e6],
  bytes: [1, 16],
};

/** How the cache is laid out: K and V per KV head, or MLA's latent. */
export type Attention = 'kv' | 'mla';
/** The fields each layout reads (the others are hidden and ignored). */
export function fieldsFor(attention: Attention): readonly FieldName[] {
  const skip: FieldName[] = attention === 'mla' ? ['kvHeads'] : ['kvLoraRank', 'ropeDim'];
  return FIELDS.filter((f) => !skip.includes(f));
}

/** What is wrong with a field: its key in the words (kv.err.*) and what fills it. */
export interface FieldProblem {
  field: FieldName;
  key: 'empty' | 'notWhole' | 'negative' | 'fraction' | 'low' | 'high' | 'divides' | 'windowLayers';
  vars: Record<string, string | number>;
}

/** What the menus say: the layout, the cache's value type and the weights'. */
export interface Menus {
  attention: Attention;
  dtype: DtypeId;
  weightDtype: DtypeId;
}
/** The menus at first: K and V, an fp16 cache, bf16 weights. */
export const START_MENUS: Menus = { attention: 'kv', dtype: 'fp16', weightDtype: 'bf16' };

/** Everything the calculator computes from: the shape, the run (tokens, batch, types) and the memory. */
export interface CalcInput extends CacheShape, Menus {
  tokens: number;
  batch: number;
  params: number;
  /** The memory to fit in, in GiB. */
  memory: number;
}

/** A field's text as a whole number in its range (commas, spaces and underscores between digits allowed; window: empty or "none" is null; windowed layers: empty or "all" is null). */
export function readField(field: FieldName, text: string): number | null | FieldProblem {
  const s = text.trim();
  if (field === 'window' && (s === '' || /^(none|无|-|—)$/i.test(s))) return null;
  if (field === 'windowLayers' && (s === '' || /^(all|全部|所有)$/i.test(s))) return null;
  const [min, max] = FIELD_RANGE[field];
  const vars = { value: s, min: grouped(min), max: grouped(max) };
  if (s === '') return { field, key: 'empty', vars };
  if (!/^\d{1,3}([,_ ]?\d{3})*$|^\d+$/.test(s)) {
    const key = /^[-−]\s*\d/.test(s) ? 'negative' : /^\d*\.\d+$/.test(s) ? 'fraction' : 'notWhole';
    return { field, key, vars };
  }
  const n = Number(s.replace(/[,_ ]/g, ''));
  if (n < min) return { field, key: 'low', vars };
  if (n > max) return { field, key: 'high', vars };
  return n;
}

/** All fields the layout uses read; the problems, one per bad field (G must divide H; no more windowed layers than layers). */
export function readFields(texts: Record<FieldName, string>, menus: Menus = START_MENUS): { input: CalcInput | null; problems: FieldProblem[] } {
  const problems: FieldProblem[] = [];
  const values: Partial<Record<FieldName, number | null>> = {};
  for (const f of fieldsFor(menus.attention)) {
    const v = readField(f, texts[f]);
    if (v !== null && typeof v === 'object') problems.push(v);
    else values[f] = v;
  }
  const mla = menus.attention === 'mla';
  const [H, G, L, W] = [values.queryHeads, mla ? values.queryHeads : values.kvHeads, values.layers, values.windowLayers];
  if (!mla && typeof H === 'number' && typeof G === 'number' && H % G !== 0) problems.push({ field: 'kvHeads', key: 'divides', vars: { value: G, heads: H } });
  if (values.window !== null && typeof L === 'number' && typeof W === 'number' && W > L)
    problems.push({ field: 'windowLayers', key: 'windowLayers', vars: { value: W, layers: L } });
  if (problems.length) return { input: null, problems };
  const n = (f: FieldName) => values[f] as number;
  const window = values.window ?? null;
  return {
    input: {
      layers: n('layers'),
      queryHeads: n('queryHeads'),
      kvHeads: G as number,
      headDim: n('headDim'),
      window,
      windowLayers: window === null ? null : (values.windowLayers ?? null),
      mla: mla ? { kvLoraRank: n('kvLoraRank'), ropeDim: n('ropeDim') } : null,
      params: n('params'),
      tokens: n('tokens'),
      batch: n('batch'),
      memory: n('memory'),
      ...menus,
    },
    problems,
  };
}

/** The run's fields the calculator keeps when another model is chosen. */
export interface RunFields {
  tokens: number;
  batch: number;
  memory: number;
}
/** The run at first: 128k tokens, one sequence, 80 GiB. */
export const START_RUN: RunFields = { tokens: 131072, batch: 1, memory: 80 };

/** A configuration's fields as text (the calculator fills them when one is chosen; an MLA model's latent, or a K/V model's defaults for the hidden ones). */
export function fieldsOf(c: CacheShape & { params?: number }, run: Partial<RunFields> = {}): Record<FieldName, string> {
  const r = { ...START_RUN, ...run };
  return {
    layers: String(c.layers),
    queryHeads: String(c.queryHeads),
    kvHeads: String(c.kvHeads),
    headDim: String(c.headDim),
    kvLoraRank: String(c.mla?.kvLoraRank ?? 512),
    ropeDim: String(c.mla?.ropeDim ?? 64),
    window: c.window === null ? 'none' : String(c.window),
    windowLayers: c.windowLayers == null ? 'all' : String(c.windowLayers),
    params: grouped(c.params ?? 0),
    tokens: String(r.tokens),
    batch: String(r.batch),
    memory: String(r.memory),
  };
}

/** One bar of the chart: `bytes` of cache at `tokens` tokens and `width` bytes per value (named `dtype`). */
export interface CacheBar {
  tokens: number;
  width: number;
  dtype: string;
  bytes: bigint;
  /** The bar of the fields' own tokens and value type. */
  chosen: boolean;
}

/** The bars at the input's batch: 4k / 32k / 128k tokens (and the fields' tokens), each in fp16 and float64 (and the chosen type). */
export function cacheBars(input: CalcInput): CacheBar[] {
  const chosen = dtypeBytes(input.dtype);
  const tokens = [...new Set([...TOKEN_MARKS, input.tokens])].sort((a, b) => a - b);
  const widths = [...new Set([...BYTE_MARKS, chosen])].sort((a, b) => a - b);
  const name = (w: number) => (w === chosen ? input.dtype : byteName(w));
  return tokens.flatMap((t) =>
    widths.map((w) => ({ tokens: t, width: w, dtype: name(w), bytes: cacheBytes(input, t, w, input.batch), chosen: t === input.tokens && w === chosen })),
  );
}
