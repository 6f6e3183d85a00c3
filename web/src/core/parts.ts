// parts.ts — the façade's parts beyond the seed contract, listed once: each
// gives its typed functions over the raw module (core.typed) and its friendly
// ones over the typed core (plain arrays). typed.ts and friendly.ts spread
// every part; a new family of functions is one line here (and its types in
// types.ts).

import { makeFriendlyFlash, makeTypedFlash } from './flash';
import { makeFriendlyLinear, makeTypedLinear } from './linear';
import { makeFriendlyCost, makeTypedCost } from './cost';
import { makeFriendlyMaskPatterns, makeTypedMaskPatterns } from './mask-patterns';
import { makeFriendlyPositions, makeTypedPositions } from './positions';
import type { TypedCore } from './types';
import type { RawCore } from './wasm/attention_core.mjs';

/** The parts: positions (RoPE, ALiBi), the mask builders, attention at scale (flash_attention, flash_trace, kv_decode), linear attention, the cost of a call. */
const PARTS = [
  { typed: makeTypedPositions, friendly: (typed: TypedCore) => makeFriendlyPositions(typed) },
  { typed: makeTypedMaskPatterns, friendly: (_typed: TypedCore, raw: RawCore) => makeFriendlyMaskPatterns(raw) },
  { typed: makeTypedFlash, friendly: (typed: TypedCore) => makeFriendlyFlash(typed) },
  { typed: makeTypedLinear, friendly: (typed: TypedCore) => makeFriendlyLinear(typed) },
  { typed: makeTypedCost, friendly: (typed: TypedCore) => makeFriendlyCost(typed) },
] as const;

type Part = (typeof PARTS)[number];
type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;

/** Every part's typed functions. */
export function typedParts(raw: RawCore): UnionToIntersection<ReturnType<Part['typed']>> {
  return Object.assign({}, ...PARTS.map((p) => p.typed(raw))) as UnionToIntersection<ReturnType<Part['typed']>>;
}

/** Every part's friendly functions. */
export function friendlyParts(typed: TypedCore, raw: RawCore): UnionToIntersection<ReturnType<Part['friendly']>> {
  return Object.assign({}, ...PARTS.map((p) => p.friendly(typed, raw))) as UnionToIntersection<ReturnType<Part['friendly']>>;
}
