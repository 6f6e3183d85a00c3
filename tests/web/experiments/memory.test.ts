// Tests of the memory experiment, memory and time against n, through the
// WASM build: memory_point and heap_stats (the counted peak is the call's own
// memory: attention's n × n weights, flash's output and tiles), every error
// (checked in JS first, with the core's words), the settings, a run on small
// n (fast), where attention stops, the worker protocol and the report texts.
import { beforeAll, describe, expect, it } from 'vitest';
import { AttentionError, type Core } from '../../../web/src/core/core';
import { handleRequest } from '../../../web/src/worker/handlers';
import { type RunRequest, type WorkerMessage } from '../../../web/src/worker/protocol';
import { fmtBytes } from '../../../web/src/experiments/format';
import { memoryCsv, memoryReport, memorySentence, memoryStopSentence } from '../../../web/src/experiments/memory/report';
import { runExperiment, SettingsError } from '../../../web/src/experiments/index';
import { attentionLimit, runMemory, type MemoryResult } from '../../../web/src/experiments/memory/run';
import { DEFAULT_MEMORY, flashWork, MEMORY_MAX_POINTS, validateMemory } from '../../../web/src/experiments/memory/settings';
import { t } from '../../../web/src/i18n/i18n';
import { loadCoreForNode } from '../support/load-core';

let core: Core;
let small: MemoryResult;
const steps: string[] = [];

beforeAll(async () => {
  core = await loadCoreForNode();
  small = runMemory(core, { ns: [64, 128, 256], d: 16, causal: true, seed: 3 }, (_s, _t, label) => steps.push(label));
}, 60_000);

/** The AttentionError `f` throws. */
function failure(f: () => unknown): AttentionError {
  try {
    f();
  } catch (e) {
    if (e instanceof AttentionError) return e;
    throw e;
  }
  throw new Error('no error thrown');
}

describe('memory_point and heap_stats (WASM)', () => {
  it('attention’s peak holds its n × n float64 weights; flash’s is far less and holds its output', () => {
    const n = 512,
      d = 32;
    const a = core.experiments.memory_point('attention', n, d, false, 1);
    const f = core.experiments.memory_point('flash', n, d, false, 1);
    expect(a.peak_bytes).toBeGreaterThanOrEqual(8 * n * n + 8 * n * d);
    expect(a.peak_bytes).toBeLessThan(8 * n * n * 3);
    expect(f.peak_bytes).toBeGreaterThanOrEqual(8 * n * d);
    expect(f.peak_bytes).toBeLessThan(a.peak_bytes / 4);
    // the same seeded inputs: the two calls compute the same output
    expect(Math.abs(a.checksum - f.checksum)).toBeLessThan(1e-9 * Math.abs(a.checksum) + 1e-9);
    expect(a.ms).toBeGreaterThanOrEqual(0);
    expect(a.heap_after).toBeGreaterThanOrEqual(a.heap_before);
  });

  it('the causal attention call gets its mask made before the measurement, and agrees with flash', () => {
    const a = core.experiments.memory_point('attention', 256, 16, true, 2);
    const f = core.experiments.memory_point('flash', 256, 16, true, 2);
    expect(Math.abs(a.checksum - f.checksum)).toBeLessThan(1e-9 * Math.abs(a.checksum) + 1e-9);
    expect(a.checksum).not.toBeCloseTo(core.experiments.memory_point('attention', 256, 16, false, 2).checksum, 3);
  });

  it('flash at n = 16,384 grows the WASM memory by less than 32 MiB and its own peak is under 32 MiB', () => {
    const before = core.experiments.heap_stats().heap_size;
    const f = core.experiments.memory_point('flash', 16384, 8, true, 5);
    expect(f.peak_bytes).toBeLessThan(32 * 2 ** 20);
    expect(f.heap_after - before).toBeLessThan(32 * 2 ** 20);
  }, 60_000);

  it('heap_stats: the WASM memory is HEAP8’s length and nothing is held between calls', () => {
    const h = core.experiments.heap_stats();
    expect(h.heap_size).toBeGreaterThan(0);
    expect(h.sbrk).toBeLessThanOrEqual(h.heap_size);
    expect(h.peak).toBeGreaterThanOrEqual(h.in_use);
  });

  it('bad arguments are AttentionErrors naming the argument', () => {
    expect(failure(() => core.experiments.memory_point('tiles' as never, 8, 8, true, 1)).message).toMatch(/memory_point: op must be attention or flash/);
    expect(failure(() => core.experiments.memory_point('flash', -1, 8, true, 1)).message).toMatch(/memory_point.*n/);
    expect(failure(() => core.experiments.memory_point('flash', 8, 0, true, 1)).message).toMatch(/memory_point.*d/);
    expect(failure(() => core.experiments.memory_point('attention', 4097, 8, true, 1)).code).toBe('too_large');
    expect(failure(() => core.experiments.memory_point('flash', 65537, 8, true, 1)).code).toBe('too_large');
    expect(failure(() => core.experiments.memory_point('flash', 8, 8, 'yes' as never, 1)).message).toMatch(/causal/);
  });
});

describe('validateMemory', () => {
  const limits = () => core.limits();
  it('defaults: n = 256 … 32,768, d = 64, causal, seed 7', () => {
    expect(validateMemory({}, limits())).toEqual({ ok: true, settings: DEFAULT_MEMORY });
    expect(DEFAULT_MEMORY.ns).toEqual([256, 512, 1024, 2048, 4096, 8192, 16384, 32768]);
  });
  it('reads the list as text, sorted, repeats dropped', () => {
    const v = validateMemory({ ns: '[512, 64 128 64]', d: '8', causal: 'false', seed: '0' }, limits());
    expect(v).toEqual({ ok: true, settings: { ns: [64, 128, 512], d: 8, causal: false, seed: 0 } });
  });
  it('one message per bad field', () => {
    const v = validateMemory({ ns: '64, x', d: '0', causal: 'maybe', seed: '-1' }, limits());
    expect(v.ok).toBe(false);
    if (v.ok) return;
    expect(v.errors.ns).toMatch(/n \(entry 2\): "x" is not a number/);
    expect(v.errors.d).toMatch(/d = 0 must be at least 1/);
    expect(v.errors.causal).toMatch(/true or false/);
    expect(v.errors.seed).toMatch(/at least 0/);
  });
  it('limits: each n ≤ maxFlashRows, at most MEMORY_MAX_POINTS values, none empty, n·d and flash’s work', () => {
    const err = (input: Record<string, unknown>) => {
      const v = validateMemory(input, limits());
      return v.ok ? '' : Object.values(v.errors).join('; ');
    };
    expect(err({ ns: String(limits().maxFlashRows + 1) })).toMatch(/over the limit of 65536/);
    expect(err({ ns: Array.from({ length: MEMORY_MAX_POINTS + 1 }, (_, i) => i + 1) })).toMatch(/17 values is over the limit of 16/);
    expect(err({ ns: '' })).toMatch(/at least one/);
    expect(err({ ns: '65536', d: '4096' })).toMatch(/values per matrix is over the limit/);
    expect(err({ ns: '65536', d: '64', causal: false })).toMatch(/multiply-adds is over flash_attention’s limit/);
    expect(flashWork(32768, 64, false)).toBe(limits().maxFlashMultiplyAdds);
    expect(err({ ns: '32768', d: '64', causal: false })).toBe('');
  });
  it('attention’s limit: maxRows', () => {
    expect(attentionLimit(4096, limits())).toBeNull();
    expect(attentionLimit(4097, limits())?.reason).toMatch(/over attention’s limit of 4096 rows/);
    expect(memoryStopSentence({ ...small, attentionStop: { n: 4097, last: 256, weightBytes: 1, limit: 'maxRows', value: 4096, reason: '' } }, 'zh')).toContain(
      '超过了 attention 的行数上限 4096',
    );
  });
});

describe('runMemory on small n', () => {
  it('measures flash at every n, then attention at every n, with progress', () => {
    expect(small.flash.map((r) => r.n)).toEqual([64, 128, 256]);
    expect(small.attention.map((r) => r.n)).toEqual([64, 128, 256]);
    expect(small.attentionStop).toBeNull();
    expect(steps).toEqual([
      'warming up (one small call of each)',
      'flash_attention, n = 64',
      'flash_attention, n = 128',
      'flash_attention, n = 256',
      'attention, n = 64',
      'attention, n = 128',
      'attention, n = 256',
      'fitting the slope',
    ]);
    small.attention.forEach((a, i) => {
      expect(a.peakBytes).toBeGreaterThanOrEqual(8 * a.n * a.n);
      expect(Math.abs(a.checksum - small.flash[i].checksum)).toBeLessThan(1e-9 * Math.abs(a.checksum) + 1e-9);
    });
  });
  it('fits: attention’s memory slope near 2, flash’s at most about 1', () => {
    expect(small.fits.attentionMemory.slope).toBeGreaterThan(1.6);
    expect(small.fits.attentionMemory.slope).toBeLessThan(2.2);
    expect(small.fits.flashMemory.slope).toBeLessThan(1.3);
    expect(small.fits.attentionFrom).toBe(64);
  });
  it('attention stops at its limit: n = 5000 is never run, and the reason names maxRows', () => {
    const r = runMemory(core, { ns: [16, 5000], d: 4, causal: true, seed: 1 });
    expect(r.flash.map((x) => x.n)).toEqual([16, 5000]);
    expect(r.attention.map((x) => x.n)).toEqual([16]);
    expect(r.attentionStop).toEqual({
      n: 5000,
      last: 16,
      weightBytes: 8 * 5000 * 5000,
      limit: 'maxRows',
      value: 4096,
      reason: 'n = 5000 is over attention’s limit of 4096 rows (maxRows)',
    });
    expect(memoryStopSentence(r)).toBe(
      `attention stops at n = 16: its n × n weights at n = 5,000 would need 190.7 MiB (n = 5000 is over attention’s limit of 4096 rows, maxRows); flash_attention goes on to n = 5,000 in ${fmtBytes(r.flash[1].peakBytes)}.`,
    );
  }, 60_000);
  it('through runExperiment and the worker protocol; bad settings are a SettingsError', async () => {
    expect(() => runExperiment(core, 'memory', { ns: '0' })).toThrow(SettingsError);
    const posted: WorkerMessage[] = [];
    const req: RunRequest = { type: 'run', id: 4, experiment: 'memory', settings: { ns: [32, 64], d: 8 } };
    await handleRequest(
      () => Promise.resolve(core),
      req,
      (m) => posted.push(m),
    );
    const last = posted[posted.length - 1];
    expect(last.type).toBe('result');
    if (last.type === 'result') expect((last.result as MemoryResult).flash).toHaveLength(2);
    expect(posted.filter((m) => m.type === 'progress').map((m) => (m.type === 'progress' ? m.key : ''))).toContain('exp.step.memFlash');
  });
});

describe('12-memory.txt, memory.csv and the sentences', () => {
  it('the report holds the settings, the sentences, the slopes and one row per n with the measured bytes', () => {
    const text = memoryReport(small);
    expect(text.split('\n')[0]).toMatch(/^12-memory\.txt — memory and time/);
    expect(text).toContain('settings: n = 64, 128, 256; d = 16, causal, seed 3');
    expect(text).toContain(memoryStopSentence(small));
    expect(text).toContain(memorySentence(small));
    expect(text).toContain(`memory: attention ${small.fits.attentionMemory.slope.toFixed(2)} (n ≥ 64)`);
    const rows = text.split('\n').filter((l) => /^\s+\d+\s+[\d.]+\s+\d+/.test(l));
    expect(rows).toHaveLength(3);
    const cells = rows[2].trim().split(/\s+/);
    expect(Number(cells[0])).toBe(256);
    expect(Number(cells[2])).toBe(small.flash[2].peakBytes);
    expect(Number(cells[5])).toBe(small.attention[2].peakBytes);
  });
  it('the sentence reads the slopes and the ratio at the largest n both ran at', () => {
    const s = memorySentence(small);
    expect(s).toContain(`n^${small.fits.attentionMemory.slope.toFixed(2)} for attention`);
    expect(s).toMatch(/At n = 256 attention held .* flash_attention .*× less\.$/);
    expect(memoryStopSentence(small)).toMatch(/^attention ran at every n up to 256/);
  });
  it('in 中文, with the same numbers', () => {
    const text = memoryReport(small, 'zh');
    expect(text).toContain('设置：n = 64, 128, 256');
    expect(text).toContain(memorySentence(small, 'zh'));
    expect(memorySentence(small, 'zh')).toMatch(/^attention 的内存按 n\^/);
  });
  it('the tail follows the slopes: memory and work, memory only, or too few points', () => {
    const fit = (slope: number) => ({ slope, intercept: 0, r2: 1 });
    const with_ = (am: number, fm: number, at: number, ft: number): MemoryResult => ({
      ...small,
      fits: { ...small.fits, attentionMemory: fit(am), flashMemory: fit(fm), attentionTime: fit(at), flashTime: fit(ft) },
    });
    expect(memorySentence(with_(1.95, 0.98, 1.9, 1.8))).toContain(t('en', 'rep.memory.tailSaves'));
    expect(memorySentence(with_(1.95, 0.98, 1.9, 0.9))).toContain(t('en', 'rep.memory.tailUneven'));
    expect(memorySentence(with_(1.2, 0.98, 1.9, 1.8))).toContain(t('en', 'rep.memory.tailUnclear'));
    expect(memorySentence(with_(NaN, NaN, NaN, NaN))).toContain('n^— for attention');
  });
  it('CSV: a row per call, full precision', () => {
    const lines = memoryCsv(small).trim().split('\n');
    expect(lines[0]).toBe('op,n,d,causal,ms,peak_bytes,heap_before,heap_after,checksum');
    expect(lines).toHaveLength(7);
    expect(lines[1].split(',').slice(0, 4)).toEqual(['flash', '64', '16', 'true']);
    expect(Number(lines[6].split(',')[5])).toBe(small.attention[2].peakBytes);
  });
});
