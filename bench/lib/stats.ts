/** Repeated measurements and their summary: every figure in the report is one of these. */

export interface Stat {
  median: number;
  min: number;
  max: number;
  runs: number[];
}

export function stat(values: number[]): Stat {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  return { median, min: sorted[0]!, max: sorted.at(-1)!, runs: values };
}

/** The p-th percentile (0–100) of a sample. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export async function repeat<T>(times: number, run: (index: number) => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  for (let i = 0; i < times; i += 1) results.push(await run(i));
  return results;
}

export const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;
