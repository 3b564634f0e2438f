/** Number and verdict formats shared by the parts of docs/performance.md (report.ts). */
import type { BuildFailure, BuildPoint } from './scenarios/build.ts';
import type { Stat } from './lib/stats.ts';

/* eslint-disable @typescript-eslint/no-explicit-any */
export type Results = Record<string, any>;

export const fixed = (value: number, digits = 1) => value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
export const whole = (value: number) => Math.round(value).toLocaleString('en-US');
export const range = (s: Stat, format: (n: number) => string = (n) => fixed(n)) => `${format(s.median)} (${format(s.min)}–${format(s.max)})`;
export const verdict = (ok: boolean) => (ok ? '✅ met' : '❌ missed');
export const kib = (bytes: number) => `${fixed(bytes / 1024)} KB`;

export const succeeded = (points: (BuildPoint | BuildFailure)[]) => points.filter((p): p is BuildPoint => !('error' in p)).sort((a, b) => a.pages - b.pages);
