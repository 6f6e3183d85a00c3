// zh-tiles.ts — 简体中文 of the tile stepper (the keys of en-tiles.ts); spread
// into zh-figures.ts, whose table's type checks that every key is translated.

import type { Key } from './en';

/** The 中文 of the tile stepper. */
export const ZH_TILES = {
  'tiles.title': 'FlashAttention：在线 softmax，逐块计算',
  'tiles.intro':
    'FlashAttention 从不保存整个分数矩阵：它每次读取一块键，并为每个查询行保留目前为止的最大分数 m、和 l = Σ e^(s − m) 以及未归一化的输出。当某一块使 m 变大时，旧的和与输出都乘以 e^(m_old − m_new)。读完最后一块后，输出 / l 恰好就是 softmax 的结果。',
  'tiles.size': '每块的键数',
  'tiles.next': '下一块',
  'tiles.previous': '上一块',
  'tiles.play': '播放',
  'tiles.pause': '暂停',
  'tiles.reset': '重置',
  'tiles.controls': '逐块查看键',
  'tiles.status.start': '第一块之前：每一行 m = −∞，l = 0（共 {count} 块，每块 {size} 个键）',
  'tiles.status.step': '第 {k} 块，共 {count} 块：键 {begin}–{end}',
  'tiles.status.stepOne': '第 {k} 块，共 {count} 块：键 {begin}',
  'tiles.equal': '与完整 softmax 相等：最大差值 {diff}',
  'tiles.notEqual': '与完整 softmax 不相等：最大差值 {diff}',
  'tiles.gridLabel': '缩放后的分数，{nq} 个查询 × {nk} 个键，每块 {size} 个键；{where}',
  'tiles.gridWhere.start': '尚未读取任何块',
  'tiles.gridWhere.step': '第 {k} 块（键 {begin}–{end}）加了边框，之前的块已读取，之后的块颜色变淡',
  'tiles.legend': '缩放后的分数（viridis：深色低，黄色高）；加边框：当前块；全色：已读取的键；变淡：尚未读取的键；灰色斜线：被因果掩码遮住。',
  'tiles.table.caption': '读完这一块后的每个查询行',
  'tiles.table.row': '查询',
  'tiles.table.m': 'm（目前最大值）',
  'tiles.table.rescale': 'e^(m_old − m_new)',
  'tiles.table.l': 'l = Σ e^(s − m)',
  'tiles.table.partial': '部分输出 acc / l',
  'tiles.table.lse': 'lse = m + ln l',
  'tiles.table.unchanged': '这一块没有改变它',
  'tiles.causal': '因果：查询 i 只看键 0 … i',
  'tiles.full': '无掩码：每个查询都看所有键',
  'tiles.note.example': '逐块演示使用 attention 的 Q、K、V；对于 {op}，这里展示一个固定种子的 {n} × {d} 示例（Q、K、V 的种子为 1、2、3）。',
  'tiles.note.plain': '逐块演示直接使用输入的 Q、K、V，按设置除以 √d_k：这里不应用温度、查询长度和位置编码。',
  'tiles.note.mask': '这里的 Flash 注意力只接受因果掩码或不加掩码：{mask} 掩码不会用于逐块演示。',
  'tiles.note.tooMany': '逐块演示最多显示 {max} 个词元（这里有 {nq} 个查询和 {nk} 个键）。',
  'tiles.note.unread': '请先修正上面的输入，再逐块查看。',
  'tiles.note.align': 'Flash 注意力的因果分块把查询 i 放在位置 i（左上）：上面选择的右下对齐不会用于逐块演示。',
  'tiles.note.shapes': 'Q 和 K 的列数必须相同，K 和 V 的行数必须相同。',
  'tiles.error': '核心无法运行逐块演示：{message}',
} satisfies Partial<Record<Key, string>>;
