// en-memory.ts — the English words of experiment 8, memory and time against n:
// its card, view and 12-memory.txt. en.ts spreads them into its
// table; zh-memory.ts has the 中文.

/** The memory experiment's English words, by i18n key. */
export const MEMORY_WORDS = {
  'exp.memory.title': '8. Memory and time against n: attention against FlashAttention',
  'exp.memory.what':
    'For each n, one flash_attention call (tiles of keys with an online softmax: Milakov & Gimelshein 2018, Dao et al. 2022) and, while n is within its limit, one attention call, on random Q, K, V (n × d) made in WASM. Memory is each call’s own peak: the most bytes the C++ core held during the call beyond what it held before (its result and its scratch, not the inputs). The n = 32,768 flash call alone takes about 10–40 s and cannot report progress while it runs; Cancel still stops it at once (it ends the worker).',
  'exp.field.nList': 'sequence lengths n',
  'exp.memory.memChart': 'Peak memory of one call against n (log–log)',
  'exp.memory.timeChart': 'Time of one call against n (log–log)',
  'exp.memory.mib': 'MiB',
  'exp.memory.flash': 'flash_attention',
  'exp.memory.attention': 'attention',
  'exp.memory.fit': '{name} fit: slope {slope}',
  'exp.memory.fitShort': '{name} fit',
  'exp.memory.stops': 'attention stops',
  'exp.memory.caption': 'd = {d}, {causal}, seed {seed}. Dashed: the least-squares line through the points with n ≥ {from}.',
  'exp.memory.causal': 'causal',
  'exp.memory.notCausal': 'no mask',
  'exp.memory.time': 'time',
  'exp.memory.peak': 'peak memory',
  'exp.memory.growth': 'heap growth',
  'exp.memory.none': '—',
  'exp.memory.tableTitle': 'Each n: time, peak memory and growth of the WASM memory of each call',
  'rep.memory.stop':
    'attention stops at n = {last}: its n × n weights at n = {next} would need {bytes} ({reason}); flash_attention goes on to n = {flashN} in {flashPeak}.',
  'rep.memory.stopNone': 'attention cannot run at any of these n ({reason}); flash_attention goes to n = {flashN} in {flashPeak}.',
  'rep.memory.noStop': 'attention ran at every n up to {n}: {peak} at n = {n}, flash_attention {flashPeak}.',
  'rep.memory.slopes':
    'Memory grows like n^{am} for attention (its n × n weights) and n^{fm} for flash_attention (its output and one tile); time like n^{at} and n^{ft}: {tail}',
  'rep.memory.tailSaves': 'the tiles save memory, not work.',
  'rep.memory.tailUneven':
    'the tiles save memory; the times measured here are too uneven to show the n² work both still do (a busy machine, or too few large n).',
  'rep.memory.reasonRows': 'n = {n} is over attention’s limit of {limit} rows, maxRows',
  'rep.memory.reasonWeights': 'n² = {weights} weights is over attention’s limit of {limit}, maxWeights',
  'rep.memory.tailUnclear': 'these n are too few or too small for the slopes to show it: try n up to 32,768.',
  'rep.memory.ratio': 'At n = {n} attention held {a}, flash_attention {f}: {ratio}× less.',
  'rep.memory.title':
    '12-memory.txt — memory and time of attention and flash_attention against n (Dao, Fu, Ermon, Rudra & Ré 2022, “FlashAttention”; Milakov & Gimelshein 2018, “Online normalizer calculation for softmax”)',
  'rep.memory.settings':
    'settings: n = {ns}; d = {d}, {causal}, seed {seed}; Q, K, V (n, d) entries N(0, 1), drawn in WASM (Q, then K, then V) before each call',
  'rep.memory.measured':
    'measured: time of one call (emscripten_get_now around it); peak = the most bytes the C++ core held during the call (counted at every operator new and delete) minus those it held before it: the call’s result and scratch, not its inputs; heap growth = the WASM memory’s size after the call minus before (it only grows: every flash call runs first, then the attention calls; a worker that ran before may have grown it already)',
  'rep.memory.slopeLine': 'log–log slopes: memory: attention {am} (n ≥ {af}), flash_attention {fm} (n ≥ {ff}); time: attention {at}, flash_attention {ft}',
  'rep.memory.heap': 'the WASM memory: {start} before the first call, {end} after the last',
  'rep.memory.table': 'Per n (ms; bytes):',
  'rep.memory.notRun': 'not run',
} as const;
