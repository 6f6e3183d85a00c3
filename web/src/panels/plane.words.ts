// plane.words.ts — the words of the vector plane panel (the figure's own words: figures/vector-plane/words.ts): each key's English and 中文,
// side by side (i18n/i18n.ts merges every feature's words; a new string is one line here).

import { bilingual } from '../base/words';

/** The words of the vector plane panel (the figure's own words: figures/vector-plane/words.ts). */
export const PLANE_PANEL_WORDS = bilingual({
  'plane.title': ['Queries and keys as arrows', '查询与键：平面上的箭头'],
  'plane.titleHead': ['Queries and keys as arrows — head {n}', '查询与键：平面上的箭头——第 {n} 个头'],
  'plane.prompt': [
    'Drag a query arrow (or focus it and use the arrow keys) and watch the weights change.',
    '拖动一个查询箭头（或聚焦它后用方向键移动），看权重如何随之变化。',
  ],
});
