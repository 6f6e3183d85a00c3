// tiles.words.ts — the words of the FlashAttention tile stepper: each key's English and 中文,
// side by side (i18n/i18n.ts merges every feature's words; a new string is one line here).

import { bilingual } from '../base/words';

/** The words of the FlashAttention tile stepper. */
export const TILES_WORDS = bilingual({
  'tiles.title': ['FlashAttention: the online softmax, tile by tile', 'FlashAttention：在线 softmax，逐块计算'],
  'tiles.intro': [
    'FlashAttention never holds the whole score matrix: it reads the keys a tile at a time and keeps, per query row, the largest score so far m, the sum l = Σ e^(s − m) and the unnormalised output. When a tile raises m, the old sum and output are multiplied by e^(m_old − m_new). After the last tile, output / l is exactly the softmax.',
    'FlashAttention 从不保存整个分数矩阵：它每次读取一块键，并为每个查询行保留目前为止的最大分数 m、和 l = Σ e^(s − m) 以及未归一化的输出。当某一块使 m 变大时，旧的和与输出都乘以 e^(m_old − m_new)。读完最后一块后，输出 / l 恰好就是 softmax 的结果。',
  ],
  'tiles.size': ['Keys per tile', '每块的键数'],
  'tiles.next': ['Next tile', '下一块'],
  'tiles.previous': ['Previous', '上一块'],
  'tiles.play': ['Play', '播放'],
  'tiles.pause': ['Pause', '暂停'],
  'tiles.reset': ['Reset', '重置'],
  'tiles.controls': ['Step through the key tiles', '逐块查看键'],
  'tiles.status.start': [
    'before the first tile: every row has m = −∞ and l = 0 ({count} tiles of {size} keys)',
    '第一块之前：每一行 m = −∞，l = 0（共 {count} 块，每块 {size} 个键）',
  ],
  'tiles.status.step': ['tile {k} of {count}: keys {begin}–{end}', '第 {k} 块，共 {count} 块：键 {begin}–{end}'],
  'tiles.status.stepOne': ['tile {k} of {count}: key {begin}', '第 {k} 块，共 {count} 块：键 {begin}'],
  'tiles.equal': ['equal to the full softmax: largest difference {diff}', '与完整 softmax 相等：最大差值 {diff}'],
  'tiles.notEqual': ['not equal to the full softmax: largest difference {diff}', '与完整 softmax 不相等：最大差值 {diff}'],
  'tiles.gridLabel': [
    'Scaled scores, {nq} queries × {nk} keys, in tiles of {size} keys; {where}',
    '缩放后的分数，{nq} 个查询 × {nk} 个键，每块 {size} 个键；{where}',
  ],
  'tiles.gridWhere.start': ['no tile read yet', '尚未读取任何块'],
  'tiles.gridWhere.step': [
    'tile {k} (keys {begin}–{end}) outlined, the tiles before it read, the ones after it faded',
    '第 {k} 块（键 {begin}–{end}）加了边框，之前的块已读取，之后的块颜色变淡',
  ],
  'tiles.legend': [
    'Scaled scores (viridis: dark low, yellow high); outlined: the current tile; full colour: keys already read; faded: keys not read yet; grey hatched: hidden by the causal mask.',
    '缩放后的分数（viridis：深色低，黄色高）；加边框：当前块；全色：已读取的键；变淡：尚未读取的键；灰色斜线：被因果掩码遮住。',
  ],
  'tiles.table.caption': ['Each query row after this tile', '读完这一块后的每个查询行'],
  'tiles.table.row': ['query', '查询'],
  'tiles.table.m': ['m (max so far)', 'm（目前最大值）'],
  'tiles.table.rescale': ['e^(m_old − m_new)', 'e^(m_old − m_new)'],
  'tiles.table.l': ['l = Σ e^(s − m)', 'l = Σ e^(s − m)'],
  'tiles.table.partial': ['partial output acc / l', '部分输出 acc / l'],
  'tiles.table.lse': ['lse = m + ln l', 'lse = m + ln l'],
  'tiles.table.unchanged': ['not changed by this tile', '这一块没有改变它'],
  'tiles.causal': ['causal: query i sees keys 0 … i', '因果：查询 i 只看键 0 … i'],
  'tiles.full': ['no mask: every query sees every key', '无掩码：每个查询都看所有键'],
  'tiles.note.example': [
    'The tiles take attention’s Q, K and V; for {op} they show a seeded {n} × {d} example (Q, K, V with seeds 1, 2, 3).',
    '逐块演示使用 attention 的 Q、K、V；对于 {op}，这里展示一个固定种子的 {n} × {d} 示例（Q、K、V 的种子为 1、2、3）。',
  ],
  'tiles.note.plain': [
    'The tiles run on Q, K and V as typed, scaled by √d_k as set: temperature, query length and positions are not applied here.',
    '逐块演示直接使用输入的 Q、K、V，按设置除以 √d_k：这里不应用温度、查询长度和位置编码。',
  ],
  'tiles.note.mask': [
    'Flash attention here takes a causal mask or none: the {mask} mask is not applied in the tiles.',
    '这里的 Flash 注意力只接受因果掩码或不加掩码：{mask} 掩码不会用于逐块演示。',
  ],
  'tiles.note.tooMany': [
    'The tile stepper shows up to {max} tokens (here {nq} queries and {nk} keys).',
    '逐块演示最多显示 {max} 个词元（这里有 {nq} 个查询和 {nk} 个键）。',
  ],
  'tiles.note.unread': ['Fix the inputs above to step through the tiles.', '请先修正上面的输入，再逐块查看。'],
  'tiles.note.align': [
    'Flash attention’s causal tiles put query i at position i (top-left): the bottom-right alignment chosen above is not applied here.',
    'Flash 注意力的因果分块把查询 i 放在位置 i（左上）：上面选择的右下对齐不会用于逐块演示。',
  ],
  'tiles.note.shapes': ['Q and K need the same number of columns, and K and V the same number of rows.', 'Q 和 K 的列数必须相同，K 和 V 的行数必须相同。'],
  'tiles.error': ['The core could not run the tiles: {message}', '核心无法运行逐块演示：{message}'],
});
