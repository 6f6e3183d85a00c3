// words.ts — the h = 1 check's words: its card, its form, its view and its sentences: each key's English and 中文, side by side (i18n/ merges every
// feature's words; a new string is one line here).

import { bilingual } from '../../base/words';

/** The h = 1 check’s words. */
export const H1_WORDS = bilingual({
  'exp.field.h': ['h > 1 to explain', '要说明的 h > 1'],
  'exp.h1.title': ['4. h = 1: multi_head equals attention', '4. h = 1：multi_head 等于 attention'],
  'exp.h1.what': [
    'multi_head(Q, K, V, 1) must equal attention(Q, K, V) exactly; for h > 1 each head divides by √(d/h), its own width.',
    'multi_head(Q, K, V, 1) 必须与 attention(Q, K, V) 完全相同；h > 1 时每个头除以 √(d/h)，即它自己的维度。',
  ],
  'exp.h1.pass': ['pass: the largest difference is exactly 0', '通过：最大差值恰好为 0'],
  'exp.h1.fail': ['fail: multi_head(h = 1) differs from attention', '未通过：multi_head(h = 1) 与 attention 不同'],
  'rep.h1.pass': ['✓ pass', '✓ 通过'],
  'rep.h1.fail': ['✗ fail', '✗ 未通过'],
  'rep.h1.first': [
    '{mark}: multi_head(Q, K, V, 1) against attention(Q, K, V): largest difference {out} in the output and {weights} in the weights.',
    '{mark}：multi_head(Q, K, V, 1) 与 attention(Q, K, V) 相比，输出的最大差值为 {out}，权重的最大差值为 {weights}。',
  ],
  'rep.h1.one': [
    'With h = 1 the one head has all d = {d} columns and is scaled by √{d}, exactly like attention.',
    'h = 1 时，唯一的头拥有全部 d = {d} 列，按 √{d} 缩放，与 attention 完全相同。',
  ],
  'rep.h1.many': [
    'With h = {h} each head sees d/h = {dHead} columns and divides its scores by √(d/h) = {scale}, not √d = {sqrtD}: each head equals attention on its slice (difference {headDiff}); dividing by √d instead would change the weights by up to {wrongDiff}.',
    'h = {h} 时，每个头只看到 d/h = {dHead} 列，分数除以 √(d/h) = {scale}，而不是 √d = {sqrtD}：每个头都等于在自己那一片上做 attention（差值 {headDiff}）；如果改为除以 √d，权重最多会变化 {wrongDiff}。',
  ],
  'rep.h1.sentence': ['{first} {second}', '{first}{second}'],
});
