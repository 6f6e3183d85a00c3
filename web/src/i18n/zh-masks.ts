// zh-masks.ts — 简体中文 of the mask menu, the mask grids and the mask's cost
// line (the keys of en-masks.ts); zh.ts spreads it into its table, whose type
// checks that every key is translated.

import type { Key } from './en';

/** The 中文 of the mask menu, the mask grids and the cost line. */
export const ZH_MASKS = {
  // 菜单（panels/mask-controls.ts）
  'opt.mask': '掩码',
  'opt.mask.none': '无',
  'opt.mask.causal': '因果',
  'opt.mask.window': '滑动窗口',
  'opt.mask.prefix': '前缀语言模型（prefix-LM）',
  'opt.mask.localglobal': '局部 + 全局',
  'opt.mask.dilated': '空洞（dilated）',
  'opt.mask.bigbird': 'BigBird',
  'opt.mask.custom': '自定义（点击单元格）',
  'mask.param.window': 'w（每个查询看到的键数）',
  'mask.param.band': 'w（看到 |i − j| ≤ w 的键）',
  'mask.param.prefix': 'p（前缀长度）',
  'mask.param.globals': '全局词元（用逗号分隔）',
  'mask.param.dilation': '间隔 dilation（键之间的步长）',
  'mask.param.block': '块大小 block（每块的词元数）',
  'mask.param.random': '随机块数',
  'mask.param.seed': '种子',
  'mask.about.none': '每个查询都能看到所有的键。',
  'mask.about.causal': '查询 i 看到 j ≤ i 的键（GPT）。',
  'mask.about.window': '查询 i 看到最近的 w 个键：i − w < j ≤ i（Longformer；Mistral）。',
  'mask.about.prefix': '前 p 个词元彼此可见，其余部分是因果的：j ≤ i 或 j < p（T5）。',
  'mask.about.localglobal': '查询 i 看到 |i − j| ≤ w 的键；全局词元看到所有词元，所有词元也都看到它（Longformer）。',
  'mask.about.dilated': '查询 i 看到 j = i, i − d, …, i − (w − 1)·d：相隔 d 的 w 个键（Sparse Transformer；Longformer）。',
  'mask.about.bigbird': '把词元分成块：第一块是全局块，每个块行看到它周围至多 3 个块，以及由种子抽取的随机块（BigBird，Zaheer 等，2020）。',
  'mask.about.custom': '点击下方掩码的单元格来隐藏或显示它们。',
  'mask.align': '查询对齐',
  'mask.align.top-left': '左上：查询 i 位于位置 i（PyTorch 的 is_causal，种子 004）',
  'mask.align.bottom-right': '右下：最后 n_q 个位置（解码、FlashAttention ≥ 2.1）',
  'mask.aligned.top-left': 'n_q = {nq}，n_k = {nk}：查询左上对齐，查询 i 位于位置 i（键为 0 … {last}）；所有掩码和位置方式都按此对齐。',
  'mask.aligned.bottom-right':
    'n_q = {nq}，n_k = {nk}：查询右下对齐，查询 i 位于位置 {first} + i（键 0 … {last} 中的最后 {nq} 个）；所有掩码和位置方式都按此对齐。',
  'mask.about.causal.shifted': '查询 i 看到 j ≤ i + {shift} 的键（查询是最后 {nq} 个位置）。',
  'mask.toCustom': '转为自定义掩码编辑',
  'mask.toCustomTooLarge': '超过 {max} 个单元格的掩码无法逐格编辑。',
  'mask.bad.number': '{name}：“{text}”不是 ≥ 0 的整数；掩码保持 {value}。',
  'mask.bad.empty': '{name}：需要一个 ≥ 0 的整数；掩码保持 {value}。',
  'mask.bad.globals': '全局词元：“{text}”不是以逗号分隔的整数列表（至多 256 个，例如 0, 5）；掩码保持 {value}。',
  // 网格（widgets/mask-editor.ts）
  'mask.title': '掩码（点击单元格：✓ 可见，× 隐藏）',
  'mask.titleBuilt': '掩码（只读：✓ 可见，× 隐藏）',
  'mask.cell': '查询 {i} 能看到键 {j}',
  'mask.cellHidden': '查询 {i} 看不到键 {j}',
  'mask.tooLarge': '掩码为 {rows} × {cols}：太大，无法逐格编辑（至多 {max} 个单元格）。请使用因果掩码或更小的输入。',
  'mask.figureTooLarge': '掩码为 {rows} × {cols}：太大，这里无法逐格画出；热图用斜线阴影标出被隐藏的单元格。',
  // 掩码下方的一行（model/mask-cost.ts）
  'maskCost.visible': '可见 {visible} / {total} = {percent} %',
  'maskCost.line': '{counted}：{growth}',
  'maskCost.growth.none': '无掩码，计算量按 n² 增长',
  'maskCost.growth.causal': '计算量约按 n²/2 增长',
  'maskCost.growth.window': '计算量按 n·w 增长，而不是 n²',
  'maskCost.growth.prefix': '计算量按 n²/2 + p²/2 增长',
  'maskCost.growth.localglobal': '计算量按 n·(2w + 1) + 2·g·n 增长（g 为全局词元数），而不是 n²',
  'maskCost.growth.dilated': '计算量按 n·w 增长，而不是 n²',
  'maskCost.growth.bigbird': '计算量按 n·block·(窗口块数 + 全局块数 + 随机块数) 增长，而不是 n²',
} satisfies Partial<Record<Key, string>>;
