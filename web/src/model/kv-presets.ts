// kv-presets.ts — the calculator's real models, a data table: each model's
// cache shape and its parameter count, with the source of every number (the
// page shows them as the words kv.src.<id> and kv.params.<id>). Parameter
// counts are counted from each config.json's tensor shapes (embeddings +
// layers · (attention + MLP + norms) + final norm + an untied output head) and
// agree with the published totals quoted beside them.

import type { CacheConfig } from './kv-cache';

/** The real configurations, in menu order (the first five are the ones the lessons name). */
export const CONFIGS: readonly CacheConfig[] = [
  // Radford et al. 2019; Hugging Face `gpt2` config.json: n_layer 12, n_head 12, n_embd 768 (head dim 64).
  // 124,439,808 parameters (wte 50,257 · 768 tied with the head, wpe 1,024 · 768); the Hub's "137M" also
  // counts the 12 stored causal-mask buffers (1,024 · 1,024 each).
  { id: 'gpt2', name: 'GPT-2 small', layers: 12, queryHeads: 12, kvHeads: 12, headDim: 64, window: null, kind: 'MHA', params: 124_439_808 },
  // Touvron et al. 2023, table 1; meta-llama/Llama-2-7b-hf config.json: 32 layers, 32 heads, 32 KV heads,
  // hidden 4096, intermediate 11,008, vocab 32,000, untied head → 6,738,415,616 parameters.
  { id: 'llama2-7b', name: 'Llama-2-7B', layers: 32, queryHeads: 32, kvHeads: 32, headDim: 128, window: null, kind: 'MHA', params: 6_738_415_616 },
  // meta-llama/Meta-Llama-3-8B config.json: 32 layers, 32 heads, 8 KV heads, hidden 4096, intermediate 14,336,
  // vocab 128,256 → 8,030,261,248 parameters (the Hub's 8.03B).
  { id: 'llama3-8b', name: 'Llama-3-8B', layers: 32, queryHeads: 32, kvHeads: 8, headDim: 128, window: null, kind: 'GQA', params: 8_030_261_248 },
  // Jiang et al. 2023, table 1 (Mistral 7B v0.1): 32 layers, 32 heads, 8 KV heads, head dim 128, sliding
  // window 4096 on every layer (rolling buffer cache). v0.2 and later dropped the window (sliding_window null).
  // intermediate 14,336, vocab 32,000 → 7,241,732,096 parameters (the Hub's 7.24B).
  { id: 'mistral-7b', name: 'Mistral-7B', layers: 32, queryHeads: 32, kvHeads: 8, headDim: 128, window: 4096, kind: 'GQA', params: 7_241_732_096 },
  // tiiuae/falcon-7b config.json: 32 layers, 71 heads, multi_query (one K/V head), hidden 4544 = 71 · 64,
  // parallel attention, no biases, vocab 65,024 tied with the head → 6,921,720,704 parameters.
  { id: 'falcon-7b', name: 'Falcon-7B', layers: 32, queryHeads: 71, kvHeads: 1, headDim: 64, window: null, kind: 'MQA', params: 6_921_720_704 },
  // meta-llama/Llama-3.1-70B config.json: 80 layers, 64 heads, 8 KV heads, hidden 8192 (head dim 128),
  // intermediate 28,672, vocab 128,256, context 131,072 → 70,553,706,496 parameters (the Hub's 70.6B).
  { id: 'llama3.1-70b', name: 'Llama-3.1-70B', layers: 80, queryHeads: 64, kvHeads: 8, headDim: 128, window: null, kind: 'GQA', params: 70_553_706_496 },
  // Qwen/Qwen2.5-7B config.json: 28 layers, 28 heads, 4 KV heads, hidden 3584 (head dim 128),
  // use_sliding_window false (so no window), intermediate 18,944, vocab 152,064, q/k/v biases, untied head
  // → 7,615,616,512 parameters (the model card's 7.61B, 6.53B without embeddings).
  { id: 'qwen2.5-7b', name: 'Qwen2.5-7B', layers: 28, queryHeads: 28, kvHeads: 4, headDim: 128, window: null, kind: 'GQA', params: 7_615_616_512 },
  // google/gemma-2-9b config.json and the Gemma 2 report (2024): 42 layers, 16 heads, 8 KV heads, head dim
  // 256, sliding_window 4096; local (windowed) and global layers alternate, so 21 of the 42 layers keep at
  // most 4,096 tokens (context 8,192). Intermediate 14,336, vocab 256,000 tied, four norms a layer
  // → 9,241,705,984 parameters (the Hub's 9.24B).
  {
    id: 'gemma2-9b',
    name: 'Gemma-2-9B',
    layers: 42,
    queryHeads: 16,
    kvHeads: 8,
    headDim: 256,
    window: 4096,
    windowLayers: 21,
    kind: 'GQA',
    params: 9_241_705_984,
  },
  // DeepSeek-AI 2024 (DeepSeek-V3 report) and deepseek-ai/DeepSeek-V3 config.json: 61 layers, 128 heads,
  // multi-head latent attention with kv_lora_rank 512 and qk_rope_head_dim 64 (qk_nope_head_dim 128,
  // v_head_dim 128): 576 values a token a layer are cached. 3 dense layers then 58 MoE layers (256 routed
  // experts + 1 shared, moe_intermediate 2,048), q_lora_rank 1,536, hidden 7,168, vocab 129,280 untied
  // → 671,026,419,200 parameters (the report's 671B; the Hub's 685B adds the 14B multi-token-prediction module).
  {
    id: 'deepseek-v3',
    name: 'DeepSeek-V3',
    layers: 61,
    queryHeads: 128,
    kvHeads: 128,
    headDim: 128,
    window: null,
    mla: { kvLoraRank: 512, ropeDim: 64 },
    kind: 'MLA',
    params: 671_026_419_200,
  },
];
