/** The p-th percentile of ascending `sorted` times (nearest rank). */
export function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/** The p-th percentile of `values` in any order (sorted in a copy; `values` stays as it is). */
export const percentileOf = (values: number[], p: number) =>
  percentile(
    [...values].sort((a, b) => a - b),
    p,
  );
