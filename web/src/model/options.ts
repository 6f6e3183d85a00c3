// options.ts — the position and mask choices of the state: which
// positions enter attention (none, sinusoidal, RoPE, ALiBi) and which mask
// pattern is built, with its parameters.

/** How the mask is chosen: none, causal, a built pattern (mask_patterns: its parameters are in MaskParams), or edited cell by cell. */
export type MaskMode = 'none' | 'causal' | 'window' | 'prefix' | 'localglobal' | 'dilated' | 'bigbird' | 'custom';

/** All mask modes, in menu order. */
export const MASK_MODES: readonly MaskMode[] = ['none', 'causal', 'window', 'prefix', 'localglobal', 'dilated', 'bigbird', 'custom'];

/** The parameters of the built masks; each builder reads its own. */
export interface MaskParams {
  /** sliding_window w, local_global w and dilated w (visible keys per query, or the half-width of local_global). */
  window: number;
  /** prefix_lm p: the first p tokens see each other. */
  prefix: number;
  /** local_global's global tokens (0-based). */
  globals: number[];
  /** dilated: the step between visible keys. */
  dilation: number;
  /** bigbird: tokens per block (divides n), random blocks per block row, and the seed they are drawn from. */
  block: number;
  randomBlocks: number;
  maskSeed: number;
}

/** How positions enter attention: not at all, the seed's sinusoidal encoding added to the inputs, RoPE rotating q and k, or ALiBi biases. */
export type Positions = 'none' | 'sinusoidal' | 'rope' | 'alibi';

/** All position modes, in menu order. */
export const POSITIONS: readonly Positions[] = ['none', 'sinusoidal', 'rope', 'alibi'];

/** RoPE's pairing of coordinates: (x_i, x_{i+d/2}) as GPT-NeoX / Hugging Face, or (x_2i, x_2i+1) as RoFormer. */
export type RopePairing = 'half' | 'interleaved';

/** The range of RoPE's base θ (10000 in the paper; 500000 in Llama 3). */
export const ROPE_BASE_RANGE: readonly [number, number] = [1.0001, 1e9];

/** The built masks' parameters before the user changes them: w = 3, p = 2, global token 0, dilation 2, BigBird blocks of 2 with 1 random block, seed 0. */
export function defaultMaskParams(): MaskParams {
  return { window: 3, prefix: 2, globals: [0], dilation: 2, block: 2, randomBlocks: 1, maskSeed: 0 };
}

// ---- the tile stepper: keys per tile of the flash trace, in the link as 'tb' ----
/** The tile sizes the tile stepper's menu offers (keys per tile); a link may give any whole number in TILE_SIZE_RANGE. */
export const TILE_SIZES: readonly number[] = [1, 2, 4, 8];
/** The whole numbers a link's tile size may take. */
export const TILE_SIZE_RANGE: readonly [number, number] = [1, 16];

// ---- where the queries sit among the keys, when there are fewer (or more) queries than keys ----
/**
 * How n_q queries line up with n_k keys: 'top-left' puts query i at position i (PyTorch's is_causal, seed 004:
 * causal hides j > i), 'bottom-right' at n_k − n_q + i, the last n_q positions (decoding with a KV cache,
 * FlashAttention ≥ 2.1, ALiBi's p_i). With as many queries as keys the two are the same.
 */
export type Alignment = 'top-left' | 'bottom-right';

/** Both alignments, in menu order. */
export const ALIGNMENTS: readonly Alignment[] = ['top-left', 'bottom-right'];

/** The position of query 0 among the key positions 0 … n_k − 1 (query i sits at this + i); negative for bottom-right with n_q > n_k. */
export function queryOffset(align: Alignment, nq: number, nk: number): number {
  return align === 'bottom-right' ? nk - nq : 0;
}
