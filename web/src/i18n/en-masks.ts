// en-masks.ts — the English of the mask menu (panels/mask-controls.ts), the
// custom and read-only mask grids (widgets/mask-editor.ts) and the line under
// the mask (model/mask-cost.ts), spread into en.ts's page words; 中文 in
// zh-masks.ts.

/** The page words of the mask menu, the mask grids and the mask's cost line. */
export const MASK_WORDS = {
  // the menu (panels/mask-controls.ts)
  'opt.mask': 'Mask',
  'opt.mask.none': 'none',
  'opt.mask.causal': 'causal',
  'opt.mask.window': 'sliding window',
  'opt.mask.prefix': 'prefix-LM',
  'opt.mask.localglobal': 'local + global',
  'opt.mask.dilated': 'dilated',
  'opt.mask.bigbird': 'BigBird',
  'opt.mask.custom': 'custom (click cells)',
  'mask.param.window': 'w (keys each query sees)',
  'mask.param.band': 'w (sees |i − j| ≤ w)',
  'mask.param.prefix': 'p (prefix length)',
  'mask.param.globals': 'global tokens (comma list)',
  'mask.param.dilation': 'dilation (step between keys)',
  'mask.param.block': 'block (tokens per block)',
  'mask.param.random': 'random blocks',
  'mask.param.seed': 'seed',
  'mask.about.none': 'Every query sees every key.',
  'mask.about.causal': 'Query i sees the keys j ≤ i (GPT).',
  'mask.about.window': 'Query i sees the w most recent keys, i − w < j ≤ i (Longformer; Mistral).',
  'mask.about.prefix': 'The first p tokens see each other; the rest is causal: j ≤ i or j < p (T5).',
  'mask.about.localglobal': 'Query i sees the keys with |i − j| ≤ w; a global token sees every token and every token sees it (Longformer).',
  'mask.about.dilated': 'Query i sees j = i, i − d, …, i − (w − 1)·d: w keys, d apart (Sparse Transformer; Longformer).',
  'mask.about.bigbird':
    'Blocks of tokens: the first block is global, each block row sees up to 3 blocks around it and random blocks drawn from the seed (BigBird, Zaheer et al. 2020).',
  'mask.about.custom': 'Click the cells of the mask below to hide or show them.',
  'mask.align': 'Queries',
  'mask.align.top-left': 'top-left: query i at position i (PyTorch’s is_causal, seed 004)',
  'mask.align.bottom-right': 'bottom-right: the last n_q positions (decoding, FlashAttention ≥ 2.1)',
  'mask.aligned.top-left':
    'n_q = {nq}, n_k = {nk}: the queries are aligned top-left, query i at position i (of keys 0 … {last}); every mask and position mode uses it.',
  'mask.aligned.bottom-right':
    'n_q = {nq}, n_k = {nk}: the queries are aligned bottom-right, query i at position {first} + i (the last {nq} of keys 0 … {last}); every mask and position mode uses it.',
  'mask.about.causal.shifted': 'Query i sees the keys j ≤ i + {shift} (the queries are the last {nq} positions).',
  'mask.toCustom': 'Edit as custom',
  'mask.toCustomTooLarge': 'A mask of more than {max} cells cannot be edited cell by cell.',
  'mask.bad.number': '{name}: “{text}” is not a whole number ≥ 0; the mask keeps {value}.',
  'mask.bad.empty': '{name}: a whole number ≥ 0 is needed; the mask keeps {value}.',
  'mask.bad.globals': 'global tokens: “{text}” is not a comma list of at most 256 whole numbers (e.g. 0, 5); the mask keeps {value}.',
  // the grids (widgets/mask-editor.ts)
  'mask.title': 'Mask (click a cell: ✓ visible, × hidden)',
  'mask.titleBuilt': 'Mask (read-only: ✓ visible, × hidden)',
  'mask.cell': 'query {i} sees key {j}',
  'mask.cellHidden': 'query {i} does not see key {j}',
  'mask.tooLarge': 'The mask is {rows} × {cols}: too large to edit cell by cell (at most {max} cells). Use the causal mask, or smaller inputs.',
  'mask.figureTooLarge': 'The mask is {rows} × {cols}: too large to draw cell by cell here; the heatmap shows its hidden cells hatched.',
  // the line under the mask (model/mask-cost.ts)
  'maskCost.visible': 'visible {visible} of {total} = {percent} %',
  'maskCost.line': '{counted}: {growth}',
  'maskCost.growth.none': 'no mask, cost grows like n²',
  'maskCost.growth.causal': 'cost grows like n²/2',
  'maskCost.growth.window': 'cost grows like n·w, not n²',
  'maskCost.growth.prefix': 'cost grows like n²/2 + p²/2',
  'maskCost.growth.localglobal': 'cost grows like n·(2w + 1) + 2·g·n for g global tokens, not n²',
  'maskCost.growth.dilated': 'cost grows like n·w, not n²',
  'maskCost.growth.bigbird': 'cost grows like n·block·(window + global + random blocks), not n²',
} as const;
