// What a bench row is, shared by the bench's files: samples summarized, and a row measured against a
// baseline of the same run with its target as a ratio (or an absolute figure where the issue sets one).

export interface Stats {
  n: number;
  median: number;
  p95: number;
}

export function stats(samples: number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { n: sorted.length, median: at(0.5), p95: at(0.95) };
}

export interface Row {
  path: string;
  stats: Stats;
  baseline?: string;
  ratio?: number;
  target: string;
  met: boolean;
}

/** A row against a baseline measured in the same run; `limit` the target ratio. */
export function against(path: string, measured: Stats, baseline: Stats, label: string, limit?: number): Row {
  const ratio = measured.median / baseline.median;
  return {
    path,
    stats: measured,
    baseline: label,
    ratio,
    target: limit === undefined ? '—' : `≤ ${limit}× ${label}`,
    met: limit === undefined || ratio <= limit,
  };
}

/** A row with no baseline: a floor, or a figure reported for its own sake. */
export const figure = (path: string, measured: Stats): Row => ({ path, stats: measured, target: '—', met: true });

/** A row whose target is an absolute time (ms), where the issue sets one. */
export const underMs = (path: string, measured: Stats, limitMs: number): Row => ({
  path,
  stats: measured,
  target: `≤ ${limitMs} ms`,
  met: measured.median <= limitMs,
});
