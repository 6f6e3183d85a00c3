// kv-formula.ts — the calculator's formulas written out with the chosen
// model's numbers, pure (the words come from the caller's `t`): the cache
// ("2 · 32 layers · 8 KV heads · 128 head dim · 131,072 tokens · 2 B =
// 17,179,869,184 B = 16 GiB"; MLA: "61 layers · (512 + 64) latent + RoPE · …";
// windowed and global layers apart), the weights, and whether both fit.

import {
  binaryUnits,
  bytesText,
  cacheBytes,
  cacheTensors,
  dtypeBytes,
  fitIn,
  grouped,
  roundedTensors,
  weightBytes,
  windowedLayers,
  type CalcInput,
  type Fit,
} from './kv-cache';

/** A translator: a word's key and what fills it → the text. */
export type Words = (key: string, vars?: Record<string, string | number>) => string;

/** The cache's formula with the input's numbers: its factors joined by " · ", "= bytes B = units". */
export function cacheFormula(x: CalcInput, t: Words): string {
  const width = dtypeBytes(x.dtype);
  const bytes = cacheBytes(x, x.tokens, width, x.batch);
  const groups = cacheTensors(x, x.tokens, x.batch);
  const uniform = groups.length === 1 || groups.every((g) => g.kept === groups[0].kept);
  const kept = groups[0].kept;
  const tokens = kept < x.tokens && uniform ? t('kv.f.kept', { n: grouped(kept), window: grouped(x.window ?? 0) }) : t('kv.f.tokens', { n: grouped(x.tokens) });
  const heads = x.mla
    ? [t('kv.f.latent', { rank: grouped(x.mla.kvLoraRank), rope: grouped(x.mla.ropeDim) })]
    : [t('kv.f.kvHeads', { n: grouped(x.kvHeads) }), t('kv.f.headDim', { n: grouped(x.headDim) })];
  const split = () => t('kv.f.split', { a: grouped(groups[0].layers), ka: grouped(groups[0].kept), b: grouped(groups[1].layers), kb: grouped(groups[1].kept) });
  // K/V: 2 · layers · KV heads · head dim · tokens; MLA: layers · (rank + rope) · tokens; windowed layers apart: (a layers · kept + b layers · tokens)
  const factors = [...(x.mla ? [] : ['2']), ...(uniform ? [t('kv.f.layers', { n: grouped(x.layers) }), ...heads, tokens] : [...heads, split()])];
  if (x.batch > 1) factors.push(t('kv.f.batch', { n: grouped(x.batch) }));
  factors.push(bytesText(width));
  const rounded = roundedTensors(x, x.tokens, width, x.batch);
  const tail = rounded > 0n ? ` ${t('kv.f.rounded', { n: grouped(rounded) })}` : '';
  const units = bytes < 1024n ? '' : ` = ${binaryUnits(bytes)}`;
  return `${factors.join(' · ')}${tail} = ${grouped(bytes)} B${units}`;
}

/** The windowed layers' note: how many layers keep at most how many tokens (null without a window). */
export function windowNote(x: CalcInput, t: Words): string | null {
  if (x.window === null) return null;
  const w = windowedLayers(x);
  return w === x.layers ? t('kv.windowNote', { window: grouped(x.window) }) : t('kv.windowSome', { window: grouped(x.window), n: w, layers: x.layers });
}

/** The weights: parameters · bytes = bytes B (units). */
export function weightsLine(x: CalcInput, t: Words): string {
  const width = dtypeBytes(x.weightDtype);
  const bytes = weightBytes(x.params, width);
  return t('kv.weightsLine', { params: grouped(x.params), width: bytesText(width), dtype: x.weightDtype, bytes: grouped(bytes), units: binaryUnits(bytes) });
}

/** Weights + cache against the memory. */
export function fitOf(x: CalcInput): Fit {
  return fitIn(x.memory, weightBytes(x.params, dtypeBytes(x.weightDtype)), cacheBytes(x, x.tokens, dtypeBytes(x.dtype), x.batch));
}

/** "Fits in 80 GiB: yes — … to spare" or "no — … short". */
export function fitLine(x: CalcInput, t: Words): string {
  const f = fitOf(x);
  const weights = weightBytes(x.params, dtypeBytes(x.weightDtype));
  const vars = {
    memory: grouped(x.memory),
    weights: binaryUnits(weights),
    cache: binaryUnits(f.need - weights),
    need: binaryUnits(f.need),
    margin: binaryUnits(f.margin < 0n ? -f.margin : f.margin),
    marginBytes: grouped(f.margin < 0n ? -f.margin : f.margin),
  };
  return t(f.fits ? 'kv.fits.yes' : 'kv.fits.no', vars);
}
