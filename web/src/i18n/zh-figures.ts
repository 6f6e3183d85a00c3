// zh-figures.ts — 简体中文 of the token view (figures/token-lines/, 'tl.')
// and the vector plane (figures/vector-plane/ 'vp.', panels/plane-panel.ts
// 'plane.'); zh.ts spreads it into its table, whose type checks that every
// key is translated.

import type { Key } from './en';
import { ZH_PAGE_POSITIONS } from './zh-page-positions'; // the page's positions
import { ZH_KVCACHE } from './zh-kvcache'; // the KV-cache panel
import { ZH_TILES } from './zh-tiles'; // the tile stepper
import { ZH_MEMORY } from './zh-memory'; // experiment 8, memory and time against n

/** The 中文 of the token view and the vector plane. */
export const ZH_FIGURES = {
  ...ZH_PAGE_POSITIONS, // the page's positions control, notes and steps: zh-page-positions.ts
  ...ZH_KVCACHE, // the KV-cache panel: zh-kvcache.ts
  ...ZH_TILES, // the tile stepper: zh-tiles.ts
  ...ZH_MEMORY, // experiment 8, memory and time against n: zh-memory.ts
  // 词元视图：查询与键两列之间的注意力连线（figures/token-lines/）
  'tl.noData': '暂无数据。',
  'tl.empty': '没有可画的内容：没有查询、键或头。',
  'tl.hint': '将鼠标悬停在连线上可读出它的权重；点击一个词元（或聚焦后按 Enter）只保留它的连线。',
  'tl.selected': '只显示 {token} 的连线。再点一次、按 Esc 或点“显示全部”可看到所有连线。',
  'tl.clear': '显示全部',
  'tl.queries': '查询',
  'tl.keys': '键',
  'tl.queryGroup': '查询词元',
  'tl.keyGroup': '键词元',
  'tl.query': '查询 {index}',
  'tl.key': '键 {index}',
  'tl.repeated': '{label}（{index}）',
  'tl.labelled': '{who}：{label}',
  'tl.head': '第 {n} 个头',
  'tl.line': '{q} → {k}：{w}（{head}）',
  'tl.tokenQuery': '{token} 最关注 {other}：{w}（{head}）。',
  'tl.tokenKey': '{token} 得到的最大权重来自 {other}：{w}（{head}）。',
  'tl.tokenNone': '{token}：没有连线（每一对都被遮住）。',
  'tl.headsOne': '1 个头',
  'tl.headsMany': '{n} 个头',
  'tl.aria': '注意力连线：{rows} 个查询 × {cols} 个键，{heads}。',
  'tl.ariaTitled': '{title}：注意力连线，{rows} 个查询 × {cols} 个键，{heads}。',
  'tl.weight': '权重',
  'tl.tooMany': '词元视图每侧最多画 {max} 个词元；这里有 {rows} 个查询和 {cols} 个键。热力图显示了每个权重。',
  'tl.svgTitle': '{title}（查询 → 键）',
  'tl.untitled': '注意力连线',
  // 向量平面：把查询和键画成箭头（panels/plane-panel.ts 与 figures/vector-plane/）
  'plane.title': '查询与键：平面上的箭头',
  'plane.titleHead': '查询与键：平面上的箭头——第 {n} 个头',
  'plane.prompt': '拖动一个查询箭头（或聚焦它后用方向键移动），看权重如何随之变化。',
  'vp.aria': '向量平面：{nq} 个查询和 {nk} 个键，画成从原点出发的箭头，横轴为第 {a} 列，纵轴为第 {b} 列；选中的查询是 {q}。',
  'vp.queryIndex': 'q{i}',
  'vp.keyIndex': 'k{i}',
  'vp.queryNamed': 'q({label})',
  'vp.keyNamed': 'k({label})',
  'vp.queryTip': '查询 {label}：({x}, {y})',
  'vp.keyTip': '键 {label}：({x}, {y})；s = {s}，{q} 给它的权重为 {w}',
  'vp.keyTipMasked': '键 {label}：({x}, {y})；对 {q} 被掩码',
  'vp.score': 's = {s}',
  'vp.masked': '已掩码',
  'vp.formulaScaled': 's = {q}·k / √{dk}',
  'vp.formulaScaledTau': 's = {q}·k / ({tau}·√{dk})',
  'vp.formulaPlain': 's = {q}·k',
  'vp.formulaPlainTau': 's = {q}·k / {tau}',
  'vp.scoreNote': '每个键旁边标的是所选查询 {q} 的 {formula}。键的箭头越粗、颜色越深，{q} 给它的权重就越大。',
  'vp.columns': '这里画的是 d_k = {dk} 中的第 {a} 列和第 {b} 列：其余各列同样计入 q·k。',
  'vp.xColumn': '横轴：第几列',
  'vp.yColumn': '纵轴：第几列',
  'vp.axis': '第 {n} 列',
  'vp.projected': '这里是投影后的 q = X·Wq、k = X·Wk：要拖动箭头，请改用 attention(Q, K, V)。',
  'vp.legendQueries': '查询（实心箭头）',
  'vp.legendKeys': '键（空心箭头）',
  'vp.hint': '拖动箭头的尖端，或聚焦它后用方向键移动（按住 Shift 步长乘以 10）；按 Enter 或空格选中一个查询；按 Esc 取消拖动。',
  'vp.hintFixed': '聚焦箭头的尖端可读出它的数值；按 Enter 或空格选中一个查询。',
  'vp.selected': '{text}（已选中）',
} satisfies Partial<Record<Key, string>>;
