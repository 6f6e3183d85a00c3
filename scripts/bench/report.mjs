// report.mjs — print the side-by-side table of scripts/bench.sh from
// build/bench/native.json (Google Benchmark) and build/bench/wasm.json.
import { readFileSync } from 'node:fs';

const native = JSON.parse(readFileSync('build/bench/native.json', 'utf8'));
const wasm = JSON.parse(readFileSync('build/bench/wasm.json', 'utf8'));
const nativeMs = (name, n, kind, field = 'real_time') => {
  const b = native.benchmarks.find((x) => x.name === `${name}/${kind}/${n}` && (x.run_type ?? 'iteration') === 'iteration');
  if (!b) return NaN;
  const scale = { ns: 1e-6, us: 1e-3, ms: 1, s: 1e3 }[b.time_unit];
  return b[field] * scale;
};

const f = (x, digits = 2) => (Number.isFinite(x) ? x.toFixed(digits) : '—');
const header = [
  'benchmark',
  'n',
  'native ms',
  'WASM ms',
  'JS ms',
  'WASM/native',
  'WASM vs JS',
  'façade overhead',
  'WASM ms, reused weights',
  'reused/native',
  'max |WASM−JS|',
];
const lines = [header];
for (const r of wasm.rows) {
  const nat = nativeMs(r.name, r.n, 'fast');
  lines.push([
    r.name,
    String(r.n),
    f(nat, 3),
    f(r.facade, 3),
    f(r.js, 1),
    `${f(r.facade / nat, 2)}×`,
    `${f(r.js / r.facade, 1)}× faster`,
    `${f(((r.facade - r.raw) / r.raw) * 100, 1)} %`,
    f(r.reuse, 3),
    r.reuse === undefined ? '—' : `${f(r.reuse / nat, 2)}×`,
    r.check.toExponential(1),
  ]);
}
const widths = header.map((_, i) => Math.max(...lines.map((l) => l[i].length)));
const row = (l) => `| ${l.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
console.log(row(lines[0]));
console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
for (const l of lines.slice(1)) console.log(row(l));
const ref = wasm.rows.map((r) => `${r.name} n=${r.n}: native reference ${f(nativeMs(r.name, r.n, 'reference'), 2)} ms`).join('; ');
console.log(`\nNode ${wasm.node}; native = the same C++ (attention_fast) with -O3 -march=native; WASM = web/src/core/core.ts typed form (-O3 -msimd128);`);
console.log('JS = plain loops on Float64Array (scripts/bench/js-baseline.ts); façade overhead = typed form vs the raw call; medians.');
console.log('WASM ms = the default call (fresh weights array each call); reused weights = the same call with { weightsInto } (one array, reused).');
console.log(`Readable reference kernel, natively: ${ref}`);

// attention at scale: flash_attention against attention (causal, d = 64), natively and in WASM.
// CPU time of the process (native: Google Benchmark's cpu_time; WASM: process.cpuUsage), wall clock in brackets:
// on a machine shared with other work the wall clock also counts the waits for a core.
if (wasm.flash) {
  const both = (cpu, wall, digits = 2) => `${f(cpu, digits)} (${f(wall, digits)})`;
  const fl = [
    [
      'n',
      'native flash ms',
      'native attention ms',
      'WASM flash ms',
      'WASM attention ms',
      'flash vs attention (WASM)',
      'flash vs attention (native)',
      'flash WASM/native',
      'max |flash−attention|',
    ],
  ];
  for (const r of wasm.flash) {
    const [nf, na] = ['flash', 'attention'].map((k) => nativeMs('flash_causal_d64', r.n, k, 'cpu_time'));
    const [nfw, naw] = ['flash', 'attention'].map((k) => nativeMs('flash_causal_d64', r.n, k));
    const cpu = r.flashCpu ?? NaN;
    fl.push([
      String(r.n),
      both(nf, nfw, 3),
      both(na, naw, 3),
      both(cpu, r.flash, 3),
      both(r.attentionCpu ?? NaN, r.attention, 3),
      `${both((r.attentionCpu ?? NaN) / cpu, r.attention / r.flash)}× faster`,
      `${both(na / nf, naw / nfw)}× faster`,
      `${both(cpu / nf, r.flash / nfw)}×`,
      r.check.toExponential(1),
    ]);
  }
  const w = fl[0].map((_, i) => Math.max(...fl.map((l) => l[i].length)));
  const line = (l) => `| ${l.map((c, i) => c.padEnd(w[i])).join(' | ')} |`;
  console.log(`\n${line(fl[0])}\n|${w.map((x) => '-'.repeat(x + 2)).join('|')}|`);
  for (const l of fl.slice(1)) console.log(line(l));
  const big = nativeMs('flash_causal_d64', 16384, 'flash', 'cpu_time');
  console.log(
    `flash_attention = tiles + online softmax, no n × n weights (default tiles 256 × 64); attention = the default call with its weights. Medians; CPU time of the process, wall clock in brackets. Native flash at n = 16384: ${f(big, 0)} ms.`,
  );
}

// The engine at the limit: the project's calls against the plain kernel (tests/bench/plain_kernel.cpp) on the same
// inputs in one process, CPU time (wall clock in brackets), and flash_attention against the multiply-add floor.
if (wasm.limit) {
  const { peak, rows } = wasm.limit;
  const both = (cpu, wall) => `${f(cpu, 3)} (${f(wall, 3)})`;
  const ratio = (a, b) => `${f(a / b, 2)}×`;
  // the floor: the multiply-adds of the scores and of the output at the peak rate; 2·n²·d as the task counts them,
  // n(n+1)·d over the visible (query, key) pairs of a causal call (n(n+1)/2 pairs, d + d each)
  const floor = (n, d) => [(2 * n * n * d) / peak, (n * (n + 1) * d) / peak].map((s) => s * 1000);
  const lines = [['call', 'n', 'plain ms', 'project ms', 'project / plain', 'floor ms (2n²d; n(n+1)d)', 'project / floor', 'max |Δ|']];
  for (const r of rows) {
    if (r.name === 'attention') {
      const [fl, fv] = floor(r.n, r.d);
      const plain = both(r.cpu[0], r.wall[0]);
      const check = r.check.toExponential(1);
      lines.push(['attention (weights)', String(r.n), plain, both(r.cpu[1], r.wall[1]), ratio(r.cpu[1], r.cpu[0]), '', '', check]);
      lines.push(['attention (weightsInto)', String(r.n), plain, both(r.cpu[2], r.wall[2]), ratio(r.cpu[2], r.cpu[0]), '', '', check]);
      const fr = `${ratio(r.cpu[3], fl)}; ${ratio(r.cpu[3], fv)}`;
      lines.push(['flash_attention', String(r.n), plain, both(r.cpu[3], r.wall[3]), ratio(r.cpu[3], r.cpu[0]), `${f(fl, 2)}; ${f(fv, 2)}`, fr, check]);
      lines.push(['a fresh n × n Float64Array, .set', String(r.n), '', both(r.cpu[4], r.wall[4]), ratio(r.cpu[4], r.cpu[0]), '', '', '']);
    } else if (r.name === 'flash') {
      const [fl, fv] = floor(r.n, r.d);
      lines.push([
        'flash_attention',
        String(r.n),
        '',
        both(r.cpu[0], r.wall[0]),
        '',
        `${f(fl, 2)}; ${f(fv, 2)}`,
        `${ratio(r.cpu[0], fl)}; ${ratio(r.cpu[0], fv)}`,
        '',
      ]);
    } else {
      const label = `multi_head h = ${r.h}, d = ${r.d} (plain: ${r.h} calls)`;
      lines.push([label, String(r.n), both(r.cpu[0], r.wall[0]), both(r.cpu[1], r.wall[1]), ratio(r.cpu[1], r.cpu[0]), '', '', r.check.toExponential(1)]);
    }
  }
  const w = lines[0].map((_, i) => Math.max(...lines.map((l) => l[i].length)));
  const line = (l) => `| ${l.map((c, i) => c.padEnd(w[i])).join(' | ')} |`;
  console.log(`\n${line(lines[0])}\n|${w.map((x) => '-'.repeat(x + 2)).join('|')}|`);
  for (const l of lines.slice(1)) console.log(line(l));
  console.log(
    `Causal, d = 64 (multi_head: d = 512); medians of the CPU time, wall clock in brackets. WASM SIMD128 multiply-add peak (12 chains of acc·a + b on f64x2): ${f(peak / 1e9, 2)} G scalar multiply-adds/s. max |Δ|: out and weights against the plain kernel's, and flash's out against attention's.`,
  );
  const peakNative = native.benchmarks.find((b) => b.name === 'peak/multiply_add')?.['multiply-adds/s'];
  const plainNative = [256, 1024, 2048].map((n) => `n = ${n}: ${f(nativeMs('causal_d64', n, 'plain', 'cpu_time'), 3)} ms`).join(', ');
  console.log(`Natively (-O3 -march=native): the plain kernel ${plainNative}; peak ${f((peakNative ?? NaN) / 1e9, 2)} G multiply-adds/s.`);
}
