// words.ts — the memory experiment's words (attention against flash_attention): its card, its form, its view and 12-memory.txt: each key's English and 中文, side by side (i18n/ merges every
// feature's words; a new string is one line here).

import { bilingual } from '../../base/words';

/** The memory experiment’s words. */
export const MEMORY_WORDS = bilingual({
  'exp.memory.title': ['7. Memory and time against n: attention against FlashAttention', '7. 内存与时间随 n 的变化：attention 对比 FlashAttention'],
  'exp.memory.what': [
    'For each n, one flash_attention call (tiles of keys with an online softmax: Milakov & Gimelshein 2018, Dao et al. 2022) and, while n is within its limit, one attention call, on random Q, K, V (n × d) made in WASM. Memory is each call’s own peak: the most bytes the C++ core held during the call beyond what it held before (its result and its scratch, not the inputs). The n = 32,768 flash call alone takes about 10–40 s and cannot report progress while it runs; Cancel still stops it at once (it ends the worker).',
    '对每个 n，在 WASM 中生成随机的 Q、K、V（n × d），调用一次 flash_attention（按键分块并使用在线 softmax：Milakov 与 Gimelshein 2018，Dao 等 2022）；在 attention 的上限以内，再调用一次 attention。内存指每次调用自身的峰值：调用期间 C++ 核心占用的字节数最多比调用前多出多少（即结果与临时空间，不含输入）。仅 n = 32,768 的那一次 flash 调用就需要约 10–40 秒，运行中无法报告进度；但“取消”仍会立即停止它（直接结束 worker）。',
  ],
  'exp.field.nList': ['sequence lengths n', '序列长度 n'],
  'exp.memory.memChart': ['Peak memory of one call against n (log–log)', '一次调用的峰值内存随 n 的变化（双对数）'],
  'exp.memory.timeChart': ['Time of one call against n (log–log)', '一次调用的耗时随 n 的变化（双对数）'],
  'exp.memory.mib': ['MiB', 'MiB'],
  'exp.memory.flash': ['flash_attention', 'flash_attention'],
  'exp.memory.attention': ['attention', 'attention'],
  'exp.memory.fit': ['{name} fit: slope {slope}', '{name} 拟合：斜率 {slope}'],
  'exp.memory.fitShort': ['{name} fit', '{name} 拟合'],
  'exp.memory.stops': ['attention stops', 'attention 到此为止'],
  'exp.memory.caption': [
    'd = {d}, {causal}, seed {seed}. Dashed: the least-squares line through the points with n ≥ {from}.',
    'd = {d}，{causal}，种子 {seed}。虚线：对 n ≥ {from} 的点做最小二乘拟合的直线。',
  ],
  'exp.memory.causal': ['causal', '因果掩码'],
  'exp.memory.notCausal': ['no mask', '无掩码'],
  'exp.memory.time': ['time', '耗时'],
  'exp.memory.peak': ['peak memory', '峰值内存'],
  'exp.memory.growth': ['heap growth', '堆增长'],
  'exp.memory.none': ['—', '—'],
  'exp.memory.tableTitle': ['Each n: time, peak memory and growth of the WASM memory of each call', '每个 n：每次调用的耗时、峰值内存与 WASM 内存的增长'],
  'rep.memory.stop': [
    'attention stops at n = {last}: its n × n weights at n = {next} would need {bytes} ({reason}); flash_attention goes on to n = {flashN} in {flashPeak}.',
    'attention 在 n = {last} 处停止：在 n = {next} 时它的 n × n 权重需要 {bytes}（{reason}）；flash_attention 继续算到 n = {flashN}，只用 {flashPeak}。',
  ],
  'rep.memory.stopNone': [
    'attention cannot run at any of these n ({reason}); flash_attention goes to n = {flashN} in {flashPeak}.',
    'attention 在这些 n 上都无法运行（{reason}）；flash_attention 算到 n = {flashN}，只用 {flashPeak}。',
  ],
  'rep.memory.noStop': [
    'attention ran at every n up to {n}: {peak} at n = {n}, flash_attention {flashPeak}.',
    'attention 在每个 n 上都运行了，直到 n = {n}：在 n = {n} 时占 {peak}，flash_attention 占 {flashPeak}。',
  ],
  'rep.memory.slopes': [
    'Memory grows like n^{am} for attention (its n × n weights) and n^{fm} for flash_attention (its output and one tile); time like n^{at} and n^{ft}: {tail}',
    'attention 的内存按 n^{am} 增长（它的 n × n 权重），flash_attention 的按 n^{fm} 增长（它的输出和一个分块）；耗时分别按 n^{at} 与 n^{ft} 增长：{tail}',
  ],
  'rep.memory.tailSaves': ['the tiles save memory, not work.', '分块省下的是内存，而不是计算量。'],
  'rep.memory.tailUneven': [
    'the tiles save memory; the times measured here are too uneven to show the n² work both still do (a busy machine, or too few large n).',
    '分块省下了内存；但这里测得的耗时起伏太大，看不出两者仍然要做的 n² 计算量（机器正忙，或较大的 n 太少）。',
  ],
  'rep.memory.reasonRows': ['n = {n} is over attention’s limit of {limit} rows, maxRows', 'n = {n} 超过了 attention 的行数上限 {limit}，即 maxRows'],
  'rep.memory.reasonWeights': [
    'n² = {weights} weights is over attention’s limit of {limit}, maxWeights',
    'n² = {weights} 个权重超过了 attention 的上限 {limit}，即 maxWeights',
  ],
  'rep.memory.tailUnclear': [
    'these n are too few or too small for the slopes to show it: try n up to 32,768.',
    '这些 n 太少或太小，斜率还看不出来：试试把 n 加到 32,768。',
  ],
  'rep.memory.ratio': [
    'At n = {n} attention held {a}, flash_attention {f}: {ratio}× less.',
    '在 n = {n} 时，attention 占 {a}，flash_attention 占 {f}：少 {ratio} 倍。',
  ],
  'rep.memory.title': [
    '12-memory.txt — memory and time of attention and flash_attention against n (Dao, Fu, Ermon, Rudra & Ré 2022, “FlashAttention”; Milakov & Gimelshein 2018, “Online normalizer calculation for softmax”)',
    '12-memory.txt — attention 与 flash_attention 的内存和耗时随 n 的变化（Dao、Fu、Ermon、Rudra 与 Ré 2022，“FlashAttention”；Milakov 与 Gimelshein 2018，“Online normalizer calculation for softmax”）',
  ],
  'rep.memory.settings': [
    'settings: n = {ns}; d = {d}, {causal}, seed {seed}; Q, K, V (n, d) entries N(0, 1), drawn in WASM (Q, then K, then V) before each call',
    '设置：n = {ns}；d = {d}，{causal}，种子 {seed}；Q、K、V（n, d）的元素服从 N(0, 1)，每次调用前在 WASM 中生成（依次为 Q、K、V）',
  ],
  'rep.memory.measured': [
    'measured: time of one call (emscripten_get_now around it); peak = the most bytes the C++ core held during the call (counted at every operator new and delete) minus those it held before it: the call’s result and scratch, not its inputs; heap growth = the WASM memory’s size after the call minus before (it only grows: every flash call runs first, then the attention calls; a worker that ran before may have grown it already)',
    '测量：一次调用的耗时（在调用前后读取 emscripten_get_now）；峰值 = 调用期间 C++ 核心占用的最多字节数（在每次 operator new 与 delete 时计数）减去调用前占用的字节数：即调用的结果与临时空间，不含输入；堆增长 = 调用后 WASM 内存的大小减去调用前的大小（它只增不减：先运行所有 flash 调用，再运行 attention 调用；之前运行过的 worker 可能已经让它变大）',
  ],
  'rep.memory.slopeLine': [
    'log–log slopes: memory: attention {am} (n ≥ {af}), flash_attention {fm} (n ≥ {ff}); time: attention {at}, flash_attention {ft}',
    '双对数斜率：内存：attention {am}（n ≥ {af}），flash_attention {fm}（n ≥ {ff}）；耗时：attention {at}，flash_attention {ft}',
  ],
  'rep.memory.heap': ['the WASM memory: {start} before the first call, {end} after the last', 'WASM 内存：第一次调用前 {start}，最后一次调用后 {end}'],
  'rep.memory.table': ['Per n (ms; bytes):', '每个 n（毫秒；字节）：'],
  'rep.memory.notRun': ['not run', '未运行'],
});
