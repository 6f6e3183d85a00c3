// en-positions.ts — the English of experiment 5 (relative position: RoPE
// against the sinusoidal encoding, 10-rope.txt) and of experiment 7 (the
// permutation experiment's RoPE and ALiBi cases), spread into en.ts's page
// words; 中文 in zh-positions.ts.

/** The page words of experiments 5 and 7. */
export const POSITIONS_WORDS = {
  // 5. relative position (experiments/relative.ts, panels/experiment-views-positions.ts)
  'exp.relative.title': '5. Relative position: RoPE against the sinusoidal encoding',
  'exp.relative.what':
    'The same query vector q and key vector k stand at every position. Does the score of position i with position j depend only on i − j? With RoPE every diagonal of the score matrix is constant; with the sinusoidal encoding added to X it is not.',
  'exp.field.nPositions': 'positions n',
  'exp.field.base': 'RoPE base',
  'exp.field.pairing': 'RoPE pairing',
  'exp.field.pairingHalf': 'half (x_i, x_i+d/2)',
  'exp.field.pairingInterleaved': 'interleaved (x_2i, x_2i+1)',
  'exp.relative.rope': 'RoPE: rope(q)·rope(k)/√d',
  'exp.relative.sin': 'sinusoidal: (q+PE)·(k+PE)/√d',
  'exp.relative.queryPos': 'query position i',
  'exp.relative.keyPos': 'key position j',
  'exp.relative.deviation': 'largest deviation from constant diagonals: ',
  'exp.relative.caption': 'q and k from seed {seed}, d = {d}, RoPE base {base}, {pairing} pairing. Both maps share one colour scale, {lo} … {hi}.',
  'exp.relative.cell': 'score of query position {i} with key position {j} (i − j = {c}): {v}',
  // 7. the permutation experiment's new positions (experiment-forms.ts, experiment-views.ts)
  'exp.field.peRope': 'RoPE (Q and K rotated)',
  'exp.field.peAlibi': 'ALiBi (one head’s bias)',
  'exp.perm.withRope': 'with RoPE',
  'exp.perm.withAlibi': 'with ALiBi',
  // reports (experiments/relative-reports.ts, reports.ts)
  'rep.rope.sentence': 'RoPE: the score depends only on i − j (largest deviation {rope}); sinusoidal added to X: it does not (deviation {sin}).',
  'rep.rope.title': '10-rope.txt — relative position: does a score depend only on i − j?',
  'rep.rope.settings': 'n = {n} positions, d = {d}, seed {seed} (q, then k, standard normal), RoPE base {base}, {pairing} pairing',
  'rep.rope.setup': 'Q = n copies of q, K = n copies of k; S_rope[i][j] = rope(Q)[i]·rope(K)[j] / √d, S_sin[i][j] = (q + PE_i)·(k + PE_j) / √d',
  'rep.rope.devRope': 'RoPE:       largest deviation from constant diagonals = {dev} ({raw})',
  'rep.rope.devSin': 'sinusoidal: largest deviation from constant diagonals = {dev} ({raw})',
  'rep.rope.deviationIs': '(the deviation is the largest, over the offsets c = i − j, of max − min of S[i][j] along that diagonal)',
  'rep.rope.diagonal': 'The main diagonal S[i][i] (i − j = 0), i = 0 … {last}:',
  'rep.rope.subDiagonal': 'The first diagonal below it, S[i][i − 1] (i − j = 1), i = 1 … {last}:',
  'rep.rope.why':
    'Why: RoPE turns q by the angles i·θ and k by j·θ, so their dot product sees only the angle (i − j)·θ; the sinusoidal encoding is added to the vectors, so the terms q·PE_j and PE_i·k depend on i and j themselves.',
  'rep.perm.peRope': 'RoPE (base 10000, half pairing): Q = K = rope(PX), V = PX not rotated',
  'rep.perm.peAlibi': 'ALiBi, one head (slope 1/256): −|i − j| / 256 added to the scaled scores',
  'rep.perm.positions': 'positions: {pe}, applied after permuting: a position keeps its rotation or bias while the tokens move',
  'rep.perm.tailRope': 'With RoPE it is {diff}: the rotations follow the positions, so the order now matters.',
  'rep.perm.tailAlibi': 'With ALiBi it is {diff}: the bias follows the positions, so the order now matters.',
  'rep.perm.withRope': 'with RoPE:                   max |attention(PX) − P·attention(X)| = {diff} ({raw})',
  'rep.perm.withAlibi': 'with ALiBi:                  max |attention(PX) − P·attention(X)| = {diff} ({raw})',
  'rep.notes.permPos': 'with {pe} applied after permuting it is {diff}, so only then does 순서 matter',
} as const;
