// depth-words.ts — the English words of experiment 6, rank collapse with
// depth: its card, view and 11-depth.txt. i18n/en.ts takes them
// into its table; i18n/zh-depth.ts has the 中文.

/** The depth experiment's English words, by i18n key. */
export const DEPTH_WORDS = {
  'exp.depth.title': '6. Rank collapse with depth: why residual connections',
  'exp.depth.what':
    'Stack L self-attention layers with random weights Wq, Wk, Wv (entries N(0, 1/d), the same for all three stacks) and measure how far the tokens are from being one shared row: r = ‖X − 1·x̄ᵀ‖_F / ‖X‖_F (x̄ = the column means). Attention alone loses rank doubly exponentially with depth (Dong, Cordonnier & Loukas 2021); the residual connection keeps the tokens apart.',
  'exp.field.layers': 'layers L',
  'exp.depth.chart': 'Distance to rank one after each layer (log scale)',
  'exp.depth.x': 'layer',
  'exp.depth.y': 'r = ‖X − 1·x̄ᵀ‖ / ‖X‖',
  'exp.depth.attention': 'attention only',
  'exp.depth.residual': 'attention + residual',
  'exp.depth.pre_ln': 'pre-LN + residual',
  'exp.depth.attentionShort': 'attention',
  'exp.depth.residualShort': '+ residual',
  'exp.depth.pre_lnShort': 'pre-LN',
  'exp.depth.caption': 'n = {n} tokens, d = {d}, seed {seed}; the same Wq, Wk, Wv for the three stacks. Layer 0 is the input X₀.',
  'exp.depth.zeros': 'An r of exactly 0 (every token the same row) has no place on a log axis: it is left out of the plot and shown in the table.',
  'exp.depth.stack': 'stack',
  'exp.depth.last': 'r after {L} layers',
  'exp.depth.ratio': 'r_L / r_0',
  'exp.depth.state': 'collapsed (r < {threshold})',
  'exp.depth.collapsed': 'yes',
  'exp.depth.kept': 'no',
  'exp.depth.tableTitle': 'r after each layer',
  'rep.depth.sentence': 'After {L} layers attention alone is {a} from rank one; with the residual it is at {b}, with pre-LN + residual at {c}: {tail}',
  'rep.depth.tailKept': 'the residual connection keeps the tokens apart.',
  'rep.depth.tailAll': 'here even the residual stacks have collapsed (r below {threshold}).',
  'rep.depth.tailNot': 'attention alone has not collapsed yet (r is still above {threshold}): try more layers.',
  'rep.depth.tailOne': 'the input is already rank one (all its rows are equal), so there is nothing to lose.',
  'rep.depth.from': 'Attention alone fell below {threshold} at layer {layer} and stayed there.',
  'rep.depth.title':
    '11-depth.txt — rank collapse with depth (Dong, Cordonnier & Loukas 2021, “Attention is not all you need: pure attention loses rank doubly exponentially with depth”)',
  'rep.depth.settings':
    'settings: n = {n} tokens, d = {d}, L = {L} layers, seed {seed}; X₀ entries N(0, 1); Wq, Wk, Wv entries N(0, 1/d), drawn in that order per layer, the same matrices for the three stacks',
  'rep.depth.stacks':
    'stacks: attention: X ← attention(X·Wq, X·Wk, X·Wv); residual: X ← X + attention(…); pre_ln: X ← X + attention(Z·Wq, Z·Wk, Z·Wv), Z = LayerNorm(X) (eps 1e-5); one head, scores ÷ √d, no mask',
  'rep.depth.measure': 'r(X) = ‖X − 1·x̄ᵀ‖_F / ‖X‖_F (x̄ = the column means; 0 when every row is the same); collapsed: r_L < {threshold}',
  'rep.depth.summary': 'Per stack:',
  'rep.depth.perLayer': 'r after each layer (layer 0 is the input):',
} as const;
