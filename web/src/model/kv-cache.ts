// kv-cache.ts — the size of a decoder's K/V cache, pure: the real
// configurations the calculator starts from (each with its source), the bytes
// = 2 · layers · kv_heads · head_dim · tokens · bytes per value (K and V, every
// layer; a sliding window keeps at most `window` tokens: Mistral, Jiang et al.
// 2023), the fields as typed checked one by one, and the sizes written out with
// grouping and in binary units (KiB = 2¹⁰, MiB = 2²⁰, GiB = 2³⁰ bytes). Counted
// in BigInt, so a size is exact however large.

/** One model's cache shape: the numbers the bytes depend on (query heads only for the MHA comparison). */
export interface CacheShape {
  layers: number;
  queryHeads: number;
  kvHeads: number;
  headDim: number;
  /** Keys kept per layer at most (a sliding window), or null: every token stays. */
  window: number | null;
}

/** A configuration of the calculator's menu (its source: the page word `kv.src.<id>`). */
export interface CacheConfig extends CacheShape {
  id: string;
  name: string;
  /** MHA (kv = query heads), GQA (1 < kv < query heads) or MQA (kv = 1). */
  kind: 'MHA' | 'GQA' | 'MQA';
}

/** The real configurations (from each model's paper and its published config; the source of each is the page word kv.src.<id>). */
export const CONFIGS: readonly CacheConfig[] = [
  { id: 'gpt2', name: 'GPT-2 small', layers: 12, queryHeads: 12, kvHeads: 12, headDim: 64, window: null, kind: 'MHA' },
  { id: 'llama2-7b', name: 'Llama-2-7B', layers: 32, queryHeads: 32, kvHeads: 32, headDim: 128, window: null, kind: 'MHA' },
  { id: 'llama3-8b', name: 'Llama-3-8B', layers: 32, queryHeads: 32, kvHeads: 8, headDim: 128, window: null, kind: 'GQA' },
  { id: 'mistral-7b', name: 'Mistral-7B', layers: 32, queryHeads: 32, kvHeads: 8, headDim: 128, window: 4096, kind: 'GQA' },
  { id: 'falcon-7b', name: 'Falcon-7B', layers: 32, queryHeads: 71, kvHeads: 1, headDim: 64, window: null, kind: 'MQA' },
];

/** The token counts the chart always shows: 4k, 32k and 128k (binary k: 4,096 … 131,072). */
export const TOKEN_MARKS: readonly number[] = [4096, 32768, 131072];
/** Bytes per value the chart always shows: fp16 and float64. */
export const BYTE_MARKS: readonly number[] = [2, 8];

/** Tokens in the cache: all of them, or at most the window. */
export function keptTokens(shape: Pick<CacheShape, 'window'>, tokens: number): number {
  return shape.window === null ? tokens : Math.min(tokens, shape.window);
}

/** Bytes of the K/V cache: 2 · layers · kv_heads · head_dim · kept tokens · bytes per value, exactly. */
export function cacheBytes(shape: Omit<CacheShape, 'queryHeads'>, tokens: number, bytesPerValue: number): bigint {
  const kept = keptTokens(shape, tokens);
  return 2n * BigInt(shape.layers) * BigInt(shape.kvHeads) * BigInt(shape.headDim) * BigInt(kept) * BigInt(bytesPerValue);
}

/** A whole number with thousands grouped: 17179869184n → "17,179,869,184". */
export function grouped(n: bigint | number): string {
  return BigInt(n)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** A size in binary units: "16 GiB", "1.5 GiB", "768 MiB", "128 KiB", "512 B" (at most 3 significant digits, exact when whole). */
export function binaryUnits(bytes: bigint): string {
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

/** The name of a width in bytes: fp16, fp32, float64, int8, or "n bytes". */
export function byteName(bytes: number): string {
  return ({ 1: 'int8', 2: 'fp16', 4: 'fp32', 8: 'float64' } as Record<number, string>)[bytes] ?? `${bytes} B`;
}

/** The calculator's fields. */
export type FieldName = 'layers' | 'queryHeads' | 'kvHeads' | 'headDim' | 'window' | 'tokens' | 'bytes';
/** Every field, in form order. */
export const FIELDS: readonly FieldName[] = ['layers', 'queryHeads', 'kvHeads', 'headDim', 'window', 'tokens', 'bytes'];
/** Each field's range (whole numbers). */
export const FIELD_RANGE: Record<FieldName, [number, number]> = {
  layers: [1, 1000],
  queryHeads: [1, 1024],
  kvHeads: [1, 1024],
  headDim: [1, 4096],
  window: [1, 1e9],
  tokens: [1, 1e9],
  bytes: [1, 16],
};

/** What is wrong with a field: its key in the words (kv.err.*) and what fills it. */
export interface FieldProblem {
  field: FieldName;
  key: 'notWhole' | 'range' | 'divides';
  vars: Record<string, string | number>;
}

/** Everything the calculator computes from: the shape, the tokens and the bytes per value. */
export interface CalcInput extends CacheShape {
  tokens: number;
  bytes: number;
}

/** A field's text as a whole number in its range (commas, spaces and underscores between digits allowed; window: empty or "none" is null). */
export function readField(field: FieldName, text: string): number | null | FieldProblem {
  const s = text.trim();
  if (field === 'window' && (s === '' || /^(none|无|-|—)$/i.test(s))) return null;
  const [min, max] = FIELD_RANGE[field];
  if (!/^\d{1,3}([,_ ]?\d{3})*$|^\d+$/.test(s)) return { field, key: 'notWhole', vars: { value: s, min, max: grouped(max) } };
  const n = Number(s.replace(/[,_ ]/g, ''));
  if (n < min || n > max) return { field, key: 'range', vars: { value: s, min, max: grouped(max) } };
  return n;
}

/** All fields read; the problems, one per bad field (and G must divide H: query heads share their K/V heads evenly). */
export function readFields(texts: Record<FieldName, string>): { input: CalcInput | null; problems: FieldProblem[] } {
  const problems: FieldProblem[] = [];
  const values: Partial<Record<FieldName, number | null>> = {};
  for (const f of FIELDS) {
    const v = readField(f, texts[f]);
    if (v !== null && typeof v === 'object') problems.push(v);
    else values[f] = v;
  }
  const [H, G] = [values.queryHeads, values.kvHeads];
  if (typeof H === 'number' && typeof G === 'number' && H % G !== 0) problems.push({ field: 'kvHeads', key: 'divides', vars: { value: G, heads: H } });
  if (problems.length) return { input: null, problems };
  const n = (f: FieldName) => values[f] as number;
  return {
    input: {
      layers: n('layers'),
      queryHeads: n('queryHeads'),
      kvHeads: n('kvHeads'),
      headDim: n('headDim'),
      window: values.window ?? null,
      tokens: n('tokens'),
      bytes: n('bytes'),
    },
    problems,
  };
}

/** A configuration's fields as text (the calculator fills them when one is chosen). */
export function fieldsOf(c: CacheShape, tokens = 131072, bytes = 2): Record<FieldName, string> {
  return {
    layers: String(c.layers),
    queryHeads: String(c.queryHeads),
    kvHeads: String(c.kvHeads),
    headDim: String(c.headDim),
    window: c.window === null ? 'none' : String(c.window),
    tokens: String(tokens),
    bytes: String(bytes),
  };
}

/** One bar of the chart: `bytes` of cache at `tokens` tokens and `width` bytes per value. */
export interface CacheBar {
  tokens: number;
  width: number;
  bytes: bigint;
  /** The bar of the fields' own tokens and bytes per value. */
  chosen: boolean;
}

/** The bars: 4k / 32k / 128k tokens (and the fields' tokens), each in fp16 and float64 (and the fields' width). */
export function cacheBars(input: CalcInput): CacheBar[] {
  const tokens = [...new Set([...TOKEN_MARKS, input.tokens])].sort((a, b) => a - b);
  const widths = [...new Set([...BYTE_MARKS, input.bytes])].sort((a, b) => a - b);
  return tokens.flatMap((t) => widths.map((w) => ({ tokens: t, width: w, bytes: cacheBytes(input, t, w), chosen: t === input.tokens && w === input.bytes })));
}
