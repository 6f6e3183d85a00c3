// zh-memory.ts — 简体中文 of experiment 8, memory and time against n (
// en-memory.ts and its progress steps); zh-figures.ts spreads it into the
// table, whose type checks that every key is translated.

import type { Key } from './en';

/** The 中文 of the memory experiment. */
export const ZH_MEMORY = {
  'exp.step.memWarm': '预热（每种调用先跑一次小的）',
  'exp.step.memFlash': '分块注意力，n = {n}',
  'exp.step.memAttention': 'attention，n = {n}',
  'exp.memory.title': '8. 内存与时间随 n 的变化：attention 对比 FlashAttention',
  'exp.memory.what':
    '对每个 n，在 WASM 中生成随机的 Q、K、V（n × d），调用一次 flash_attention（按键分块并使用在线 softmax：Milakov 与 Gimelshein 2018，Dao 等 2022）；在 attention 的上限以内，再调用一次 attention。内存指每次调用自身的峰值：调用期间 C++ 核心占用的字节数最多比调用前多出多少（即结果与临时空间，不含输入）。仅 n = 32,768 的那一次 flash 调用就需要约 10–40 秒，运行中无法报告进度；但“取消”仍会立即停止它（直接结束 worker）。',
  'exp.field.nList': '序列长度 n',
  'exp.memory.memChart': '一次调用的峰值内存随 n 的变化（双对数）',
  'exp.memory.timeChart': '一次调用的耗时随 n 的变化（双对数）',
  'exp.memory.mib': 'MiB',
  'exp.memory.flash': 'flash_attention',
  'exp.memory.attention': 'attention',
  'exp.memory.fit': '{name} 拟合：斜率 {slope}',
  'exp.memory.fitShort': '{name} 拟合',
  'exp.memory.stops': 'attention 到此为止',
  'exp.memory.caption': 'd = {d}，{causal}，种子 {seed}。虚线：对 n ≥ {from} 的点做最小二乘拟合的直线。',
  'exp.memory.causal': '因果掩码',
  'exp.memory.notCausal': '无掩码',
  'exp.memory.time': '耗时',
  'exp.memory.peak': '峰值内存',
  'exp.memory.growth': '堆增长',
  'exp.memory.none': '—',
  'exp.memory.tableTitle': '每个 n：每次调用的耗时、峰值内存与 WASM 内存的增长',
  'rep.memory.stop':
    'attention 在 n = {last} 处停止：在 n = {next} 时它的 n × n 权重需要 {bytes}（{reason}）；flash_attention 继续算到 n = {flashN}，只用 {flashPeak}。',
  'rep.memory.stopNone': 'attention 在这些 n 上都无法运行（{reason}）；flash_attention 算到 n = {flashN}，只用 {flashPeak}。',
  'rep.memory.noStop': 'attention 在每个 n 上都运行了，直到 n = {n}：在 n = {n} 时占 {peak}，flash_attention 占 {flashPeak}。',
  'rep.memory.slopes':
    'attention 的内存按 n^{am} 增长（它的 n × n 权重），flash_attention 的按 n^{fm} 增长（它的输出和一个分块）；耗时分别按 n^{at} 与 n^{ft} 增长：{tail}',
  'rep.memory.tailSaves': '分块省下的是内存，而不是计算量。',
  'rep.memory.tailUneven': '分块省下了内存；但这里测得的耗时起伏太大，看不出两者仍然要做的 n² 计算量（机器正忙，或较大的 n 太少）。',
  'rep.memory.reasonRows': 'n = {n} 超过了 attention 的行数上限 {limit}，即 maxRows',
  'rep.memory.reasonWeights': 'n² = {weights} 个权重超过了 attention 的上限 {limit}，即 maxWeights',
  'rep.memory.tailUnclear': '这些 n 太少或太小，斜率还看不出来：试试把 n 加到 32,768。',
  'rep.memory.ratio': '在 n = {n} 时，attention 占 {a}，flash_attention 占 {f}：少 {ratio} 倍。',
  'rep.memory.title':
    '12-memory.txt — attention 与 flash_attention 的内存和耗时随 n 的变化（Dao、Fu、Ermon、Rudra 与 Ré 2022，“FlashAttention”；Milakov 与 Gimelshein 2018，“Online normalizer calculation for softmax”）',
  'rep.memory.settings': '设置：n = {ns}；d = {d}，{causal}，种子 {seed}；Q、K、V（n, d）的元素服从 N(0, 1)，每次调用前在 WASM 中生成（依次为 Q、K、V）',
  'rep.memory.measured':
    '测量：一次调用的耗时（在调用前后读取 emscripten_get_now）；峰值 = 调用期间 C++ 核心占用的最多字节数（在每次 operator new 与 delete 时计数）减去调用前占用的字节数：即调用的结果与临时空间，不含输入；堆增长 = 调用后 WASM 内存的大小减去调用前的大小（它只增不减：先运行所有 flash 调用，再运行 attention 调用；之前运行过的 worker 可能已经让它变大）',
  'rep.memory.slopeLine': '双对数斜率：内存：attention {am}（n ≥ {af}），flash_attention {fm}（n ≥ {ff}）；耗时：attention {at}，flash_attention {ft}',
  'rep.memory.heap': 'WASM 内存：第一次调用前 {start}，最后一次调用后 {end}',
  'rep.memory.table': '每个 n（毫秒；字节）：',
  'rep.memory.notRun': '未运行',
} as const satisfies Partial<Record<Key, string>>;
