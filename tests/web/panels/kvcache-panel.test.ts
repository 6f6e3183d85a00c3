// @vitest-environment jsdom
// kvcache-panel.test.ts — the KV-cache panel on the real core in
// jsdom: the stepper steps, goes back, resets, plays to the end and answers
// the keys, the status and the check follow; the calculator shows Llama-3-8B's
// 16 GiB, recomputes on an edit (the type and the batch keep the model),
// shows DeepSeek-V3's latent cache with its weights and fit, explains junk at
// its field keeping the last result, switches configurations; the words in 中文.
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import type { Core } from '../../../web/src/core/core';
import { defaultState, type State } from '../../../web/src/model/state';
import { KvCachePanel } from '../../../web/src/panels/kvcache-panel';
import { PLAY_MS } from '../../../web/src/panels/kv-stepper';
import { fakeContext } from '../support/fake-context';
import { loadCoreInJsdom } from '../widgets/editor-kit';

let core: Core;
beforeAll(async () => {
  core = await loadCoreInJsdom();
});
afterEach(() => {
  vi.useRealTimers();
  document.body.replaceChildren();
});

/** A panel on `state`, rendered once and in the document. */
function panelOn(state: State = defaultState(), lang: 'en' | 'zh' = 'en'): KvCachePanel {
  const p = new KvCachePanel(fakeContext(() => state, core, { lang }));
  document.body.append(p.element);
  p.render(state, { ok: false, code: 'pending', message: '' } as never);
  return p;
}
const q = (p: KvCachePanel, id: string) => p.element.querySelector<HTMLElement>(`[data-testid="${id}"]`)!;
const text = (p: KvCachePanel, id: string) => q(p, id).textContent ?? '';
const key = (p: KvCachePanel, k: string) => q(p, 'kv-cache').dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true }));
const choose = (p: KvCachePanel, id: string, value: string) => {
  const select = q(p, id) as HTMLSelectElement;
  select.value = value;
  select.dispatchEvent(new Event('change'));
};
const type = (p: KvCachePanel, field: string, value: string) => {
  const input = q(p, `kv-${field}`) as HTMLInputElement;
  input.value = value;
  input.dispatchEvent(new Event('input'));
};

describe('the stepper', () => {
  test('Step, Previous and Reset move through the tokens; the cache grows a row a token', () => {
    const p = panelOn();
    expect(text(p, 'kv-status')).toBe('token 0 of 6: the cache is empty');
    expect(text(p, 'kv-source')).toContain('seeded example: 6 tokens, d = 8, 4 query heads over 2 KV heads');
    for (let i = 0; i < 3; i++) q(p, 'kv-step').click();
    expect(text(p, 'kv-status')).toBe('token 3 of 6: cache holds 48 values');
    expect(p.element.querySelectorAll('svg.kv-block')).toHaveLength(2);
    expect(p.element.querySelectorAll('.kv-new-row')).toHaveLength(4); // K and V of each KV head
    expect(p.element.querySelectorAll('.kv-weights-table tbody tr')).toHaveLength(4);
    expect(p.element.querySelectorAll('.kv-weights-table tbody tr:first-child td')).toHaveLength(3);
    expect(text(p, 'kv-check')).toMatch(/^Output rows 1–3: equal to grouped_query_attention with a causal mask: largest difference (0|\d\.\de-1[3-9])$/);
    q(p, 'kv-previous').click();
    expect(text(p, 'kv-status')).toBe('token 2 of 6: cache holds 32 values');
    q(p, 'kv-reset').click();
    expect(p.stepper.position()).toBe(0);
    expect(text(p, 'kv-check')).toBe('');
    q(p, 'kv-previous').click();
    expect(p.stepper.position()).toBe(0);
  });
  test('the keys: → ← Home End', () => {
    const p = panelOn();
    key(p, 'ArrowRight');
    key(p, 'ArrowRight');
    expect(p.stepper.position()).toBe(2);
    key(p, 'ArrowLeft');
    expect(p.stepper.position()).toBe(1);
    key(p, 'End');
    expect(text(p, 'kv-status')).toBe('token 6 of 6: cache holds 96 values');
    key(p, 'ArrowRight');
    expect(p.stepper.position()).toBe(6);
    key(p, 'Home');
    expect(p.stepper.position()).toBe(0);
  });
  test('Play steps to the last token and stops; Pause stops it', () => {
    vi.useFakeTimers();
    const p = panelOn();
    const play = q(p, 'kv-play');
    play.click();
    expect(play.getAttribute('aria-pressed')).toBe('true');
    expect(play.textContent).toBe('Pause');
    vi.advanceTimersByTime(2 * PLAY_MS);
    expect(p.stepper.position()).toBe(2);
    play.click();
    vi.advanceTimersByTime(5 * PLAY_MS);
    expect(p.stepper.position()).toBe(2);
    play.click();
    vi.advanceTimersByTime(10 * PLAY_MS);
    expect(p.stepper.position()).toBe(6);
    expect(play.getAttribute('aria-pressed')).toBe('false');
    expect(text(p, 'kv-check')).toContain('Output rows 1–6: equal to');
  });
  test('a gqa state is decoded from its own inputs', () => {
    const s = defaultState();
    s.op = 'gqa';
    s.numHeads = 2;
    s.numKvHeads = 1;
    const X = [
      ['1', '0'],
      ['0', '1'],
      ['1', '1'],
    ];
    s.matrices = { Q: { kind: 'cells', cells: X }, K: { kind: 'cells', cells: X }, V: { kind: 'cells', cells: X } };
    const shapes = [
      ['Wq', 2, 4],
      ['Wk', 2, 2],
      ['Wv', 2, 2],
      ['Wo', 4, 2],
    ] as const;
    for (const [n, rows, cols] of shapes)
      s.matrices[n] = { kind: 'cells', cells: Array.from({ length: rows }, (_, i) => Array.from({ length: cols }, (_, j) => String(((i + 2 * j) % 3) / 2))) };
    const p = panelOn(s);
    expect(text(p, 'kv-source')).toContain('this page’s grouped-query inputs');
    key(p, 'End');
    expect(text(p, 'kv-status')).toBe('token 3 of 3: cache holds 12 values');
    expect(p.element.querySelectorAll('svg.kv-block')).toHaveLength(1);
  });
});

describe('the calculator', () => {
  test('Llama-3-8B at 128k tokens in fp16: 17,179,869,184 bytes (16 GiB)', () => {
    const p = panelOn();
    expect(text(p, 'kv-total')).toBe('Llama-3-8B at 131,072 tokens in fp16: 17,179,869,184 bytes (16 GiB)');
    expect(text(p, 'kv-about')).toContain('Source: Meta’s Llama 3 model card');
    expect(p.element.querySelectorAll('.kv-bars .kv-bar')).toHaveLength(6);
    expect(p.element.querySelector('.kv-bar-chosen title')?.textContent).toBe('131,072 tokens, fp16: 17,179,869,184 bytes (16 GiB)');
  });
  test('the type and the batch recompute and keep the model; a model field makes it custom', () => {
    const p = panelOn();
    choose(p, 'kv-dtype', 'float64');
    expect(text(p, 'kv-total')).toBe('Llama-3-8B at 131,072 tokens in float64: 68,719,476,736 bytes (64 GiB)');
    expect((q(p, 'kv-config') as HTMLSelectElement).value).toBe('llama3-8b');
    type(p, 'batch', '2');
    expect(text(p, 'kv-total')).toBe('Llama-3-8B at 131,072 tokens × batch 2 in float64: 137,438,953,472 bytes (128 GiB)');
    type(p, 'layers', '16');
    expect(text(p, 'kv-total')).toBe('custom (edited) at 131,072 tokens × batch 2 in float64: 68,719,476,736 bytes (64 GiB)');
    expect((q(p, 'kv-config') as HTMLSelectElement).value).toBe('custom');
    type(p, 'tokens', '1000');
    expect(p.element.querySelectorAll('.kv-bars .kv-bar')).toHaveLength(8);
  });
  test('DeepSeek-V3 (MLA) in fp8, batch 4: the latent formula, the weights, and no fit in 80 GiB', () => {
    const p = panelOn();
    choose(p, 'kv-config', 'deepseek-v3');
    choose(p, 'kv-dtype', 'fp8');
    type(p, 'batch', '4');
    expect((q(p, 'kv-attention') as HTMLSelectElement).value).toBe('mla');
    expect(q(p, 'kv-kvHeads').parentElement?.hidden).toBe(true);
    expect(q(p, 'kv-kvLoraRank').parentElement?.hidden).toBe(false);
    expect(text(p, 'kv-total')).toBe('DeepSeek-V3 at 131,072 tokens × batch 4 in fp8: 18,421,383,168 bytes (17.2 GiB)');
    expect(text(p, 'kv-formula')).toBe('61 layers · (512 + 64) latent + RoPE · 131,072 tokens · batch 4 · 1 B = 18,421,383,168 B = 17.2 GiB');
    expect(text(p, 'kv-result')).toContain('cache = layers · (kv_lora_rank + qk_rope_head_dim)');
    expect(text(p, 'kv-result')).toContain('(MHA) it would be 56.9× as large');
    expect(text(p, 'kv-model-bytes')).toBe('Weights: 671,026,419,200 parameters · 2 B (bf16) = 1,342,052,838,400 bytes (1.22 TiB)');
    expect(text(p, 'kv-fits')).toMatch(/^Fits in 80 GiB: no — /);
    expect(text(p, 'kv-about')).toContain('kv_lora_rank 512 and qk_rope_head_dim 64');
    choose(p, 'kv-config', 'llama3-8b');
    expect(text(p, 'kv-total')).toBe('Llama-3-8B at 131,072 tokens × batch 4 in fp8: 34,359,738,368 bytes (32 GiB)'); // the run stays
    expect(text(p, 'kv-fits')).toMatch(/^Fits in 80 GiB: yes — /);
  });
  test('a batch of 0, a negative, a fraction and too many tokens are explained at the field', () => {
    const p = panelOn();
    type(p, 'batch', '0');
    expect(text(p, 'kv-error-batch')).toBe('0 is too small: the least is 1');
    type(p, 'batch', '-2');
    expect(text(p, 'kv-error-batch')).toBe('-2 is negative: type a whole number from 1 to 4,096');
    type(p, 'batch', '1.5');
    expect(text(p, 'kv-error-batch')).toBe('1.5 is not whole: type a whole number from 1 to 4,096');
    type(p, 'tokens', '2000000000');
    expect(text(p, 'kv-error-tokens')).toBe('2000000000 is too large: the most is 1,000,000,000');
    expect(q(p, 'kv-kept').hidden).toBe(false);
    expect(text(p, 'kv-total')).toContain('17,179,869,184 bytes');
  });
  test('junk is explained at its field, the last good result kept', () => {
    const p = panelOn();
    type(p, 'layers', 'lots');
    expect(q(p, 'kv-layers').getAttribute('aria-invalid')).toBe('true');
    expect(q(p, 'kv-error-layers').hidden).toBe(false);
    expect(text(p, 'kv-error-layers')).toBe('“lots” is not a whole number: type one from 1 to 1,000');
    expect(q(p, 'kv-kept').hidden).toBe(false);
    expect(text(p, 'kv-total')).toContain('17,179,869,184 bytes');
    type(p, 'kvHeads', '5');
    expect(text(p, 'kv-error-kvHeads')).toBe('5 KV heads do not divide 32 query heads evenly');
    type(p, 'layers', '16');
    type(p, 'kvHeads', '8');
    expect(q(p, 'kv-kept').hidden).toBe(true);
    expect(text(p, 'kv-total')).toContain('8,589,934,592 bytes (8 GiB)');
  });
  test('choosing Mistral-7B: the window stops the cache at 4096 tokens', () => {
    const p = panelOn();
    const select = q(p, 'kv-config') as HTMLSelectElement;
    select.value = 'mistral-7b';
    select.dispatchEvent(new Event('change'));
    expect((q(p, 'kv-window') as HTMLInputElement).value).toBe('4096');
    expect(text(p, 'kv-total')).toBe('Mistral-7B at 131,072 tokens in fp16: 536,870,912 bytes (512 MiB)');
    expect(text(p, 'kv-result')).toContain('The window keeps at most 4,096 tokens');
  });
});

test('中文', () => {
  const p = panelOn(defaultState(), 'zh');
  key(p, 'ArrowRight');
  expect(text(p, 'kv-status')).toBe('第 1 个词元（共 6 个）：缓存中有 16 个值');
  expect(text(p, 'kv-total')).toBe('Llama-3-8B 在 131,072 个词元、fp16 下：17,179,869,184 字节（16 GiB）');
  expect(text(p, 'kv-about')).toContain('来源：Meta 的 Llama 3 模型卡');
});
