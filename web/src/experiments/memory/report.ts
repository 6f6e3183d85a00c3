// report.ts — the memory experiment's texts (pure: no DOM): the sentences
// computed from the numbers (where attention stops, the slopes), 12-memory.txt
// and memory.csv. Words from the 'rep.memory.*' keys (words.ts).

import { t, type Lang } from '../../i18n/i18n';
import { fmtBytes, fmtCount } from '../format';
import type { AttentionStop, MemoryResult, MemoryRow } from './run';

/** A slope with 2 decimals, or — when there was nothing to fit. */
export const fmtSlope = (x: number): string => (Number.isFinite(x) ? x.toFixed(2) : '—');

/** The largest-n row of a series. */
const lastRow = (rows: MemoryRow[]): MemoryRow | undefined => rows[rows.length - 1];

/** Why attention stopped, in `lang` (a limit the core reported itself keeps the core's English words). */
function reasonOf(s: AttentionStop, lang: Lang): string {
  if (s.limit === 'core') return s.reason;
  return t(lang, s.limit === 'maxRows' ? 'rep.memory.reasonRows' : 'rep.memory.reasonWeights', { n: s.n, limit: s.value, weights: s.n * s.n });
}

/** Where attention stops and how far flash goes, in one sentence. */
export function memoryStopSentence(r: MemoryResult, lang: Lang = 'en'): string {
  const f = lastRow(r.flash)!;
  const flash = { flashN: fmtCount(f.n), flashPeak: fmtBytes(f.peakBytes) };
  const s = r.attentionStop;
  if (!s) {
    const a = lastRow(r.attention)!;
    return t(lang, 'rep.memory.noStop', { n: fmtCount(a.n), peak: fmtBytes(a.peakBytes), flashPeak: fmtBytes(r.flash.find((x) => x.n === a.n)!.peakBytes) });
  }
  const reason = reasonOf(s, lang);
  if (s.last === 0) return t(lang, 'rep.memory.stopNone', { reason, ...flash });
  return t(lang, 'rep.memory.stop', { last: fmtCount(s.last), next: fmtCount(s.n), bytes: fmtBytes(s.weightBytes), reason, ...flash });
}

/** The slopes, what they say, and the ratio of the two peaks at the largest n both ran at. */
export function memorySentence(r: MemoryResult, lang: Lang = 'en'): string {
  const f = r.fits;
  const memory = f.attentionMemory.slope > 1.5 && f.flashMemory.slope < 1.5;
  const work = f.attentionTime.slope > 1.5 && f.flashTime.slope > 1.5;
  const tail = memory ? (work ? 'rep.memory.tailSaves' : 'rep.memory.tailUneven') : 'rep.memory.tailUnclear';
  const slopes = t(lang, 'rep.memory.slopes', {
    am: fmtSlope(f.attentionMemory.slope),
    fm: fmtSlope(f.flashMemory.slope),
    at: fmtSlope(f.attentionTime.slope),
    ft: fmtSlope(f.flashTime.slope),
    tail: t(lang, tail),
  });
  const a = lastRow(r.attention);
  const b = a && r.flash.find((x) => x.n === a.n);
  if (!a || !b || b.peakBytes <= 0) return slopes;
  const ratio = a.peakBytes / b.peakBytes;
  return `${slopes}${lang === 'zh' ? '' : ' '}${t(lang, 'rep.memory.ratio', { n: fmtCount(a.n), a: fmtBytes(a.peakBytes), f: fmtBytes(b.peakBytes), ratio: ratio >= 10 ? ratio.toFixed(0) : ratio.toFixed(1) })}`;
}

/** The three cells of one call in the report's table: ms, peak bytes, heap growth bytes. */
function cells(row: MemoryRow | undefined, lang: Lang): string[] {
  if (!row) return [t(lang, 'rep.memory.notRun'), '', ''];
  return [row.ms.toFixed(3), String(row.peakBytes), String(row.heapAfter - row.heapBefore)];
}

/** The text of 12-memory.txt: settings, what is measured, the sentences, the slopes and a row per n. */
export function memoryReport(r: MemoryResult, lang: Lang = 'en'): string {
  const s = r.settings;
  const f = r.fits;
  const head = ['n', 'flash_ms', 'flash_peak', 'flash_growth', 'attn_ms', 'attn_peak', 'attn_growth'];
  const widths = [6, 12, 12, 12, 12, 12, 12];
  const line = (c: string[]) =>
    c
      .map((x, i) => x.padStart(widths[i]))
      .join(' ')
      .trimEnd();
  const lines = [
    t(lang, 'rep.memory.title'),
    t(lang, 'rep.memory.settings', { ns: s.ns.join(', '), d: s.d, causal: t(lang, s.causal ? 'exp.memory.causal' : 'exp.memory.notCausal'), seed: s.seed }),
    t(lang, 'rep.memory.measured'),
    '',
    memoryStopSentence(r, lang),
    memorySentence(r, lang),
    '',
    t(lang, 'rep.memory.slopeLine', {
      am: fmtSlope(f.attentionMemory.slope),
      af: Number.isFinite(f.attentionFrom) ? f.attentionFrom : '—',
      fm: fmtSlope(f.flashMemory.slope),
      ff: Number.isFinite(f.flashFrom) ? f.flashFrom : '—',
      at: fmtSlope(f.attentionTime.slope),
      ft: fmtSlope(f.flashTime.slope),
    }),
    t(lang, 'rep.memory.heap', { start: fmtBytes(r.heapStart), end: fmtBytes(r.heapEnd) }),
    '',
    t(lang, 'rep.memory.table'),
    line(head),
    ...r.flash.map((row) =>
      line([
        String(row.n),
        ...cells(row, lang),
        ...cells(
          r.attention.find((a) => a.n === row.n),
          lang,
        ),
      ]),
    ),
  ];
  return lines.join('\n') + '\n';
}

/** Every measured call as CSV, full precision: op, n, d, causal, ms, peak_bytes, heap_before, heap_after, checksum. */
export function memoryCsv(r: MemoryResult): string {
  const s = r.settings;
  const rows = (['flash', 'attention'] as const).flatMap((op) =>
    r[op].map((x) => [op, x.n, s.d, s.causal, x.ms, x.peakBytes, x.heapBefore, x.heapAfter, x.checksum].join(',')),
  );
  return ['op,n,d,causal,ms,peak_bytes,heap_before,heap_after,checksum', ...rows].join('\n') + '\n';
}
