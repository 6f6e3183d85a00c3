// kvcache.words.ts — the words of the KV-cache panel: the decoding stepper and the calculator: each key's English and 中文,
// side by side (i18n/i18n.ts merges every feature's words; a new string is one line here).

import { bilingual } from '../base/words';

/** The words of the KV-cache panel: the decoding stepper and the calculator. */
export const KVCACHE_WORDS = bilingual({
  'kv.title': ['KV cache: decoding one token at a time', 'KV 缓存：逐个词元解码'],
  'kv.intro': [
    'A decoder writes one token at a time. Each new token’s query needs the keys and values of every earlier token, so they are kept in a cache — one block of K and one of V per KV head — and each step appends one row. Grouped-query attention (GQA) lets several query heads share one KV head; with one KV head it is multi-query attention (MQA).',
    '解码器每次生成一个词元。每个新词元的查询都需要之前所有词元的键和值，因此把它们保存在缓存中——每个 KV 头一块 K、一块 V——每一步追加一行。分组查询注意力（GQA）让多个查询头共用一个 KV 头；只有一个 KV 头时就是多查询注意力（MQA）。',
  ],
  'kv.stepper': ['Decoding stepper', '解码步进器'],
  'kv.from.state': [
    'The example is this page’s grouped-query inputs: X = the Q input (q = k = v = X), Wq, Wk, Wv, Wo and biases, {heads} query heads over {kv} KV heads. Decoding is causal: the mask menu is not used.',
    '示例取自本页的分组查询输入：X = Q 输入（q = k = v = X），以及 Wq、Wk、Wv、Wo 和偏置，{heads} 个查询头共用 {kv} 个 KV 头。解码是因果的：不使用掩码菜单。',
  ],
  'kv.from.seeded': [
    'A seeded example: 6 tokens, d = 8, 4 query heads over 2 KV heads, each head 4 wide. {why}',
    '固定种子的示例：6 个词元，d = 8，4 个查询头共用 2 个 KV 头，每个头宽 4。{why}',
  ],
  'kv.why.notGqa': ['Choose the operation grouped-query attention to decode your own inputs.', '将运算选为分组查询注意力，即可解码你自己的输入。'],
  'kv.why.unreadable': ['The grouped-query inputs have a cell or a shape to fix first.', '分组查询输入中有需要先修正的单元格或形状。'],
  'kv.why.widths': [
    'Your grouped-query inputs have K or V of another width than Q; decoding uses one X for q, k and v.',
    '你的分组查询输入中 K 或 V 的宽度与 Q 不同；解码用同一个 X 作为 q、k 和 v。',
  ],
  'kv.why.tooLarge': [
    'Your grouped-query inputs are larger than the stepper draws (at most 16 tokens, 16 heads, heads 64 wide).',
    '你的分组查询输入超出了步进器能画的大小（最多 16 个词元、16 个头、每头宽 64）。',
  ],
  'kv.why.refused': ['The core refused your grouped-query inputs (the operation panel says why).', '核心拒绝了你的分组查询输入（运算面板说明了原因）。'],
  'kv.step': ['Step', '下一步'],
  'kv.previous': ['Previous', '上一步'],
  'kv.play': ['Play', '播放'],
  'kv.pause': ['Pause', '暂停'],
  'kv.reset': ['Reset', '重置'],
  'kv.keys': ['Keys: → step, ← back, Home reset, End last token.', '按键：→ 下一步，← 上一步，Home 重置，End 最后一个词元。'],
  'kv.status.empty': ['token 0 of {n}: the cache is empty', '第 0 个词元（共 {n} 个）：缓存为空'],
  'kv.status': ['token {t} of {n}: cache holds {values} values', '第 {t} 个词元（共 {n} 个）：缓存中有 {values} 个值'],
  'kv.equal': [
    'Output rows 1–{t}: equal to grouped_query_attention with a causal mask: largest difference {diff}',
    '输出第 1–{t} 行：与带因果掩码的 grouped_query_attention 相等：最大差值 {diff}',
  ],
  'kv.differ': [
    'Output rows 1–{t}: differ from grouped_query_attention with a causal mask: largest difference {diff}',
    '输出第 1–{t} 行：与带因果掩码的 grouped_query_attention 不同：最大差值 {diff}',
  ],
  'kv.figure': [
    'The cache after token {t}: K and V blocks per KV head, one row per token; each query head is linked to the KV head it reads',
    '第 {t} 个词元之后的缓存：每个 KV 头一块 K 和一块 V，每个词元一行；每个查询头连到它读取的 KV 头',
  ],
  'kv.kvHead': ['KV head {g}', 'KV 头 {g}'],
  'kv.qHead': ['q{h}', 'q{h}'],
  'kv.K': ['K', 'K'],
  'kv.V': ['V', 'V'],
  'kv.newRow': ['new row', '新的一行'],
  'kv.weights': ['The new token’s weights over the cached tokens, per query head', '新词元对已缓存词元的权重（按查询头）'],
  'kv.weightsHead': ['q{h} · KV {g}', 'q{h} · KV {g}'],
  'kv.tokens': ['token', '词元'],
  'kv.token': ['{j}', '{j}'],
  'kv.perToken': [
    'Per token: {kv} KV heads × (d_k {dk} + d_v {dv}) = {values} values appended each step.',
    '每个词元：{kv} 个 KV 头 ×（d_k {dk} + d_v {dv}）= 每步追加 {values} 个值。',
  ],
  'kv.calc': ['How large is the cache of a real model?', '真实模型的缓存有多大？'],
  'kv.config': ['Configuration', '配置'],
  'kv.custom': ['custom (edited)', '自定义（已修改）'],
  'kv.source': ['Source: {source}', '来源：{source}'],
  'kv.src.gpt2': [
    'Radford et al. 2019 (GPT-2); Hugging Face config gpt2: n_layer 12, n_head 12, n_embd 768',
    'Radford 等 2019（GPT-2）；Hugging Face 配置 gpt2：n_layer 12，n_head 12，n_embd 768',
  ],
  'kv.src.llama2-7b': [
    'Touvron et al. 2023 (Llama 2, table 1); config.json: 32 layers, 32 heads, 32 key/value heads, hidden 4096',
    'Touvron 等 2023（Llama 2，表 1）；config.json：32 层，32 个头，32 个键/值头，隐藏维度 4096',
  ],
  'kv.src.llama3-8b': [
    'Meta’s Llama 3 model card and config.json: 32 layers, 32 attention heads, 8 key/value heads, hidden 4096',
    'Meta 的 Llama 3 模型卡与 config.json：32 层，32 个注意力头，8 个键/值头，隐藏维度 4096',
  ],
  'kv.src.mistral-7b': [
    'Jiang et al. 2023 (Mistral 7B, table 1): 32 layers, 32 heads, 8 KV heads, head dim 128, sliding window 4096 (rolling buffer cache)',
    'Jiang 等 2023（Mistral 7B，表 1）：32 层，32 个头，8 个 KV 头，头维度 128，滑动窗口 4096（滚动缓冲缓存）',
  ],
  'kv.src.falcon-7b': [
    'TII’s Falcon-7B config.json: 32 layers, 71 heads, multi-query (one K/V head), hidden 4544 = 71 × 64',
    'TII 的 Falcon-7B config.json：32 层，71 个头，多查询（一个 K/V 头），隐藏维度 4544 = 71 × 64',
  ],
  'kv.kind.MHA': ['MHA: one KV head per query head', 'MHA：每个查询头各有一个 KV 头'],
  'kv.kind.GQA': ['GQA: {ratio} query heads share each KV head', 'GQA：每 {ratio} 个查询头共用一个 KV 头'],
  'kv.kind.MQA': ['MQA: every query head shares one KV head', 'MQA：所有查询头共用一个 KV 头'],
  'kv.field.layers': ['layers', '层数'],
  'kv.field.queryHeads': ['query heads', '查询头数'],
  'kv.field.kvHeads': ['KV heads', 'KV 头数'],
  'kv.field.headDim': ['head dim', '头维度'],
  'kv.field.window': ['window (or none)', '窗口（或 none 表示无）'],
  'kv.field.tokens': ['tokens', '词元数'],
  'kv.field.bytes': ['bytes per value (fp16 = 2, float64 = 8)', '每个值的字节数（fp16 = 2，float64 = 8）'],
  'kv.err.notWhole': ['“{value}” is not a whole number: type one from {min} to {max}', '“{value}”不是整数：请输入 {min} 到 {max} 之间的整数'],
  'kv.err.range': ['{value} is outside {min} … {max}', '{value} 不在 {min} … {max} 范围内'],
  'kv.err.divides': ['{value} KV heads do not divide {heads} query heads evenly', '{value} 个 KV 头不能整除 {heads} 个查询头'],
  'kv.err.kept': ['Fix the marked field; the chart shows the last good numbers.', '请修正标出的字段；图中保留上一次有效的数值。'],
  'kv.formula': [
    '2 · layers · KV heads · head dim · tokens · bytes = 2 · {layers} · {kv} · {dim} · {tokens} · {bytes}',
    '2 · 层数 · KV 头数 · 头维度 · 词元数 · 字节数 = 2 · {layers} · {kv} · {dim} · {tokens} · {bytes}',
  ],
  'kv.windowNote': ['The window keeps at most {window} tokens: the cache stops growing there.', '窗口最多保留 {window} 个词元：缓存到此不再增长。'],
  'kv.result': ['{name} at {tokens} tokens in {width}: {bytes} bytes ({units})', '{name} 在 {tokens} 个词元、{width} 下：{bytes} 字节（{units}）'],
  'kv.mha': [
    'With one KV head per query head (MHA) it would be {times}× as large: {units}.',
    '若每个查询头各有一个 KV 头（MHA），缓存将是 {times} 倍：{units}。',
  ],
  'kv.units': [
    'Binary units: 1 KiB = 1,024 bytes, 1 MiB = 1,024² bytes, 1 GiB = 1,024³ bytes.',
    '二进制单位：1 KiB = 1,024 字节，1 MiB = 1,024² 字节，1 GiB = 1,024³ 字节。',
  ],
  'kv.chart': ['Cache size at 4k, 32k and 128k tokens, in fp16 and float64', '4k、32k 和 128k 个词元时的缓存大小（fp16 与 float64）'],
  'kv.chart.scale': ['Log scale', '对数刻度'],
  'kv.bar': ['{tokens} tokens, {width}: {bytes} bytes ({units})', '{tokens} 个词元，{width}：{bytes} 字节（{units}）'],
  'kv.chart.tokens': ['{tokens} tokens', '{tokens} 个词元'],
});
