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
console.log('JS = plain loops on Float64Array (scripts/bench/js-baseline.ts); façade overhead = typed form vs the raw embind call; medians.');
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
