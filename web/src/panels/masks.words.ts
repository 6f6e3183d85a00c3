// masks.words.ts — the words of the mask menu, the queries' alignment and the mask figure: each key's English and 中文,
// side by side (i18n/i18n.ts merges every feature's words; a new string is one line here).

import { bilingual } from '../base/words';

/** The words of the mask menu, the queries' alignment and the mask figure. */
export const MASKS_WORDS = bilingual({
  'opt.mask': ['Mask', '掩码'],
  'opt.mask.none': ['none', '无'],
  'opt.mask.causal': ['causal', '因果'],
  'opt.mask.window': ['sliding window', '滑动窗口'],
  'opt.mask.prefix': ['prefix-LM', '前缀语言模型（prefix-LM）'],
  'opt.mask.localglobal': ['local + global', '局部 + 全局'],
  'opt.mask.dilated': ['dilated', '空洞（dilated）'],
  'opt.mask.bigbird': ['BigBird', 'BigBird'],
  'opt.mask.custom': ['custom (click cells)', '自定义（点击单元格）'],
  'mask.param.window': ['w (keys each query sees)', 'w（每个查询看到的键数）'],
  'mask.param.band': ['w (sees |i − j| ≤ w)', 'w（看到 |i − j| ≤ w 的键）'],
  'mask.param.prefix': ['p (prefix length)', 'p（前缀长度）'],
  'mask.param.globals': ['global tokens (comma list)', '全局词元（用逗号分隔）'],
  'mask.param.dilation': ['dilation (step between keys)', '间隔 dilation（键之间的步长）'],
  'mask.param.block': ['block (tokens per block)', '块大小 block（每块的词元数）'],
  'mask.param.random': ['random blocks', '随机块数'],
  'mask.param.seed': ['seed', '种子'],
  'mask.about.none': ['Every query sees every key.', '每个查询都能看到所有的键。'],
  'mask.about.causal': ['Query i sees the keys j ≤ i (GPT).', '查询 i 看到 j ≤ i 的键（GPT）。'],
  'mask.about.window': [
    'Query i sees the w most recent keys, i − w < j ≤ i (Longformer; Mistral).',
    '查询 i 看到最近的 w 个键：i − w < j ≤ i（Longformer；Mistral）。',
  ],
  'mask.about.prefix': [
    'The first p tokens see each other; the rest is causal: j ≤ i or j < p (T5).',
    '前 p 个词元彼此可见，其余部分是因果的：j ≤ i 或 j < p（T5）。',
  ],
  'mask.about.localglobal': [
    'Query i sees the keys with |i − j| ≤ w; a global token sees every token and every token sees it (Longformer).',
    '查询 i 看到 |i − j| ≤ w 的键；全局词元看到所有词元，所有词元也都看到它（Longformer）。',
  ],
  'mask.about.dilated': [
    'Query i sees j = i, i − d, …, i − (w − 1)·d: w keys, d apart (Sparse Transformer; Longformer).',
    '查询 i 看到 j = i, i − d, …, i − (w − 1)·d：相隔 d 的 w 个键（Sparse Transformer；Longformer）。',
  ],
  'mask.about.bigbird': [
    'Blocks of tokens: the first block is global, each block row sees up to 3 blocks around it and random blocks drawn from the seed (BigBird, Zaheer et al. 2020).',
    '把词元分成块：第一块是全局块，每个块行看到它周围至多 3 个块，以及由种子抽取的随机块（BigBird，Zaheer 等，2020）。',
  ],
  'mask.about.custom': ['Click the cells of the mask below to hide or show them.', '点击下方掩码的单元格来隐藏或显示它们。'],
  'mask.align': ['Queries', '查询对齐'],
  'mask.align.top-left': ['top-left: query i at position i (PyTorch’s is_causal, seed 004)', '左上：查询 i 位于位置 i（PyTorch 的 is_causal，种子 004）'],
  'mask.align.bottom-right': ['bottom-right: the last n_q positions (decoding, FlashAttention ≥ 2.1)', '右下：最后 n_q 个位置（解码、FlashAttention ≥ 2.1）'],
  'mask.aligned.top-left': [
    'n_q = {nq}, n_k = {nk}: the queries are aligned top-left, query i at position i (of keys 0 … {last}); every mask and position mode uses it.',
    'n_q = {nq}，n_k = {nk}：查询左上对齐，查询 i 位于位置 i（键为 0 … {last}）；所有掩码和位置方式都按此对齐。',
  ],
  'mask.aligned.bottom-right': [
    'n_q = {nq}, n_k = {nk}: the queries are aligned bottom-right, query i at position {first} + i (the last {nq} of keys 0 … {last}); every mask and position mode uses it.',
    'n_q = {nq}，n_k = {nk}：查询右下对齐，查询 i 位于位置 {first} + i（键 0 … {last} 中的最后 {nq} 个）；所有掩码和位置方式都按此对齐。',
  ],
  'mask.about.causal.shifted': [
    'Query i sees the keys j ≤ i + {shift} (the queries are the last {nq} positions).',
    '查询 i 看到 j ≤ i + {shift} 的键（查询是最后 {nq} 个位置）。',
  ],
  'mask.toCustom': ['Edit as custom', '转为自定义掩码编辑'],
  'mask.toCustomTooLarge': ['A mask of more than {max} cells cannot be edited cell by cell.', '超过 {max} 个单元格的掩码无法逐格编辑。'],
  'mask.bad.number': ['{name}: “{text}” is not a whole number ≥ 0; the mask keeps {value}.', '{name}：“{text}”不是 ≥ 0 的整数；掩码保持 {value}。'],
  'mask.bad.empty': ['{name}: a whole number ≥ 0 is needed; the mask keeps {value}.', '{name}：需要一个 ≥ 0 的整数；掩码保持 {value}。'],
  'mask.bad.globals': [
    'global tokens: “{text}” is not a comma list of at most 256 whole numbers (e.g. 0, 5); the mask keeps {value}.',
    '全局词元：“{text}”不是以逗号分隔的整数列表（至多 256 个，例如 0, 5）；掩码保持 {value}。',
  ],
  'mask.title': ['Mask (click a cell: ✓ visible, × hidden)', '掩码（点击单元格：✓ 可见，× 隐藏）'],
  'mask.titleBuilt': ['Mask (read-only: ✓ visible, × hidden)', '掩码（只读：✓ 可见，× 隐藏）'],
  'mask.cell': ['query {i} sees key {j}', '查询 {i} 能看到键 {j}'],
  'mask.cellHidden': ['query {i} does not see key {j}', '查询 {i} 看不到键 {j}'],
  'mask.tooLarge': [
    'The mask is {rows} × {cols}: too large to edit cell by cell (at most {max} cells). Use the causal mask, or smaller inputs.',
    '掩码为 {rows} × {cols}：太大，无法逐格编辑（至多 {max} 个单元格）。请使用因果掩码或更小的输入。',
  ],
  'mask.figureTooLarge': [
    'The mask is {rows} × {cols}: too large to draw cell by cell here; the heatmap shows its hidden cells hatched.',
    '掩码为 {rows} × {cols}：太大，这里无法逐格画出；热图用斜线阴影标出被隐藏的单元格。',
  ],
  'maskCost.visible': ['visible {visible} of {total} = {percent} %', '可见 {visible} / {total} = {percent} %'],
  'maskCost.line': ['{counted}: {growth}', '{counted}：{growth}'],
  'maskCost.growth.none': ['no mask, cost grows like n²', '无掩码，计算量按 n² 增长'],
  'maskCost.growth.causal': ['cost grows like n²/2', '计算量约按 n²/2 增长'],
  'maskCost.growth.window': ['cost grows like n·w, not n²', '计算量按 n·w 增长，而不是 n²'],
  'maskCost.growth.prefix': ['cost grows like n²/2 + p²/2', '计算量按 n²/2 + p²/2 增长'],
  'maskCost.growth.localglobal': [
    'cost grows like n·(2w + 1) + 2·g·n for g global tokens, not n²',
    '计算量按 n·(2w + 1) + 2·g·n 增长（g 为全局词元数），而不是 n²',
  ],
  'maskCost.growth.dilated': ['cost grows like n·w, not n²', '计算量按 n·w 增长，而不是 n²'],
  'maskCost.growth.bigbird': [
    'cost grows like n·block·(window + global + random blocks), not n²',
    '计算量按 n·block·(窗口块数 + 全局块数 + 随机块数) 增长，而不是 n²',
  ],
});
