/**
 * docs/performance.md and the build-scaling chart, rendered from the results
 * of one run. Every number here comes from `results`; none is typed in.
 */
import { imagesReport } from './scenarios/images.ts';
import { renderPublishReport } from './scenarios/publish.ts';
import { buildSection } from './report-build.ts';
import { fixed, kib, range, succeeded, verdict, whole, type Results } from './report-format.ts';
import type { BuildPoint } from './scenarios/build.ts';
import type { Stat } from './lib/stats.ts';
import { EDITOR_FIRST_LOAD_BUDGET_BYTES } from './lib/bundle.ts';

function apiSection(api: Results): string[] {
  return [
    '## 2. Bundle API against a static-file floor',
    `autocannon, ${api.connections} connections for ${api.seconds} s, ${api.api.requestsPerSecond.runs.length} runs each, against the production server: \`GET /api/public-page/home\` (${whole(api.bodyBytes)} bytes), and the same bytes as a static file served by the same server.`,
    '',
    '| | Requests/s, median (min–max) | p50 latency | p99 latency |',
    '|---|---:|---:|---:|',
    `| Page API | ${range(api.api.requestsPerSecond, whole)} | ${fixed(api.api.p50Ms.median)} ms | ${fixed(api.api.p99Ms.median)} ms |`,
    `| Static file (floor) | ${range(api.floor.requestsPerSecond, whole)} | ${fixed(api.floor.p50Ms.median)} ms | ${fixed(api.floor.p99Ms.median)} ms |`,
    '',
    `Throughput ratio: **${fixed(api.throughputRatio, 2)}** of the static file (target ≥ 0.8): ${verdict(api.throughputRatio >= 0.8)}. p99: **${fixed(api.api.p99Ms.median)} ms** (target < 20 ms): ${verdict(api.api.p99Ms.median < 20)}.`,
    '',
    'The build writes every bundle into one file, `dist/server/page-bundles.json`, which the production server loads at start. It answers the page API from memory, from the live version of the content (`server/live-site.mjs`), which each published change replaces whole: no request reads a bundle from disk. It beats the floor because a static file is read from disk for each request. In dev, bundles are cached per content snapshot and re-resolved when a file changes; tests in `npm test` cover both paths.',
  ];
}

function uploadSection(upload: Results): string[] {
  const growth = upload.accepted8MiBGrowthPerFileSize;
  return [
    '## 3. Upload path',
    `Against the production server: a ${fixed(upload.fileBytes / 2 ** 20, 2)} MiB PNG of random pixels, and a request that declares a 1 GiB Content-Length. Server memory is its peak RSS (reset before each request) minus its RSS before.`,
    '',
    '| | Time, median (min–max) | Server RSS growth |',
    '|---|---:|---:|',
    `| Accept the ${fixed(upload.fileBytes / 2 ** 20, 1)} MiB PNG | ${range(upload.accept.ms)} ms | ${range(upload.accept.rssGrowthMiB)} MiB |`,
    `| Refuse 1 GiB Content-Length | ${range(upload.reject1GiB.ms)} ms | ${range(upload.reject1GiB.rssGrowthMiB)} MiB |`,
    '',
    `- Refusal under 100 ms: ${verdict(upload.reject1GiB.ms.median < 100)}; RSS growth under 32 MiB: ${verdict(upload.reject1GiB.rssGrowthMiB.median < 32)}.`,
    `- Accepting grows peak RSS by **${fixed(growth, 2)}×** the file size (target < 5×): ${verdict(growth < 5)}. The body arrives as base64 (4/3 of the file), is parsed as JSON, then decoded, so about three copies of the file are alive at the peak.`,
  ];
}

function pagesSection(pages: Results): string[] {
  const categories = ['performance', 'accessibility', 'best-practices', 'seo'];
  const lighthouse = pages.lighthouse as { path: string; scores: Record<string, Stat>; missed: string[] }[];
  const all100 = lighthouse.every((page) => categories.every((id) => page.scores[id]?.median === 100));
  const missed = lighthouse.flatMap((page) => page.missed.map((item: string) => `- \`${page.path}\`: ${item}`));
  return [
    '## 4. Visitor pages',
    'Loaded in Chromium from the production server, scrolled to the end so lazy images load. CSS is inlined into each page, so it costs no request. JS counts the scripts a browser runs, inline or fetched; structured data (`<script type="application/ld+json">`) is data that is never run.',
    '',
    '| Page | HTML | CSS (inline) | JS | Images | Requests |',
    '|---|---:|---:|---:|---:|---:|',
    ...pages.weights.map(
      (w: Results) => `| \`${w.path}\` | ${kib(w.htmlBytes)} | ${kib(w.cssBytes)} | **${w.jsBytes} B** ${verdict(w.jsBytes === 0)} | ${kib(w.imageBytes)} | ${w.requests} |`,
    ),
    '',
    `Lighthouse (the \`lighthouse\` package driving Debian's Chromium, default mobile settings), median of ${lighthouse[0]?.scores.performance?.runs.length ?? 0} runs a page (on this shared machine a single run now and then loses a point to Total Blocking Time, from the machine's own load: a page ships no JavaScript):`,
    '',
    '| Page | Performance | Accessibility | Best practices | SEO |',
    '|---|---:|---:|---:|---:|',
    ...lighthouse.map((page) => `| \`${page.path}\` | ${categories.map((id) => whole(page.scores[id]?.median ?? 0)).join(' | ')} |`),
    '',
    `Target: 100 on every score for every page: ${verdict(all100)}.`,
    missed.length ? ['', 'What fell short of a full score in any run:', '', ...missed].join('\n') : 'No audit fell short.',
  ];
}

function deliverySection(delivery: Results[]): string[] {
  const home = delivery.find((row) => row.path === '/');
  return [
    '### Compression: bytes on the wire',
    'Body bytes the production server sends for one request, asked for as Chromium asks (`Accept-Encoding: gzip, deflate, br, zstd`), as a gzip-only client asks, and with no `Accept-Encoding`. Text files are precompressed at build (brotli at quality 5 and gzip at level 6 for pages, brotli 9 and gzip 9 for the editor\'s code bundles and the sitemaps, which no page load waits for, brotli 11 and gzip 9 for other shared files); the page API\'s bundles, and pages published since the build, are compressed by the server, each on its first request after it changes (brotli at quality 5: about 0.5 ms a bundle against 7 ms at quality 11, for about 14 % more bytes).',
    '',
    '| Resource | Uncompressed | gzip | As Chromium asks | Ratio |',
    '|---|---:|---:|---:|---:|',
    ...delivery.map((row) => `| \`${row.path}\` | ${kib(row.identityBytes)} | ${kib(row.gzipBytes)} | ${kib(row.browserBytes)} (${row.browserEncoding}) | **${fixed(row.ratio, 3)}** |`),
    '',
    home ? `The home page's HTML costs **${fixed(home.ratio * 100)}%** of its uncompressed bytes on the wire (${kib(home.browserBytes)} instead of ${kib(home.identityBytes)}).` : '',
  ];
}

function editorSection(editor: Results): string[] {
  const { bundle, latency, floorLatency } = editor;
  return [
    '## 5. Editor',
    '',
    '| | Measured | Compared with | Target |',
    '|---|---:|---|---|',
    `| Island JS, first load, minified + gzip | **${kib(bundle.editorGzipBytes)}** | React + React DOM alone: ${kib(bundle.reactGzipBytes)} (${fixed(bundle.editorOverReact, 2)}×); Puck 0.23 with React 19: 401 KB (reference figure from the issue, not measured here) | ≤ 200 KB: ${verdict(bundle.editorGzipBytes <= EDITOR_FIRST_LOAD_BUDGET_BYTES)} |`,
    `| Rich-text field, loaded when a Markdown field first shows (dynamic \`import()\`) | ${bundle.richTextGzipBytes === undefined ? 'not measured in this run' : `**${kib(bundle.richTextGzipBytes)}**`}${bundle.otherLazyGzipBytes ? `; other lazy chunks, among them the dialogs a session may never open and dnd-kit's drag and drop (both fetched once the editor is idle): ${kib(bundle.otherLazyGzipBytes)}` : ''} | ProseMirror with its Markdown parser; not part of the first load | not in the first-load budget |`,
    `| Keystroke → inspector updated, ${latency.sections} sections | median **${fixed(latency.inspectorMs.median)} ms**, p95 ${fixed(latency.inspectorMs.p95)} ms | ${floorLatency ? `the same form on a ${floorLatency.sections}-section page: median ${fixed(floorLatency.inspectorMs.median)} ms, p95 ${fixed(floorLatency.inspectorMs.p95)} ms (**${fixed(latency.inspectorMs.median / floorLatency.inspectorMs.median, 2)}×**); one frame at 60 Hz: 16 ms` : 'one frame at 60 Hz: 16 ms'} | median < 16 ms: ${verdict(latency.inspectorMs.median < 16)}; p95 < 50 ms: ${verdict(latency.inspectorMs.p95 < 50)} |`,
    `| Keystroke → preview updated, ${latency.sections} sections | median **${fixed(latency.previewMs.median)} ms**, p95 ${fixed(latency.previewMs.p95)} ms | the 120 ms debounce it includes | median < 300 ms: ${verdict(latency.previewMs.median < 300)} |`,
    '',
    `Inspector latency is the time from \`keydown\` to a message posted after React has handled the \`input\` event (React commits discrete input synchronously), over ${latency.inspectorMs.samples} keystrokes after ten to warm up. It runs in \`astro dev\`, where the editor lives, so React is its development build; the small page's figure is that fixed cost, and the ratio is what a long page adds. Preview latency runs from the keystroke until the preview iframe shows the new text: the debounce, a server render of the draft, and the in-place body swap.`,
  ];
}

/** `2026-11-28T10:22:29.584Z` as `2026-11-28 10:22 UTC`. */
const utc = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;

/**
 * Which runs the figures come from. A full run writes every section; `--only=… --merge` replaces
 * some sections with a later run's and keeps the rest (bench/run.ts), so a report can hold
 * several runs: it says so when the results record a merge, or when a section's own date is
 * after the first run ended.
 */
function runsOf(results: Results): string {
  const run = `a ${results.mode} run started ${utc(results.generatedAt)} that took ${whole(results.durationSeconds)} s`;
  const runEnded = Date.parse(results.generatedAt) + (results.durationSeconds + 60) * 1000;
  const sectionDates: string[] = [...(results.build ?? []).map((point: Results) => point.measuredAt), results.images?.measuredAt, results.images?.build?.measuredAt].filter(Boolean);
  const merges = Object.entries((results.merged ?? {}) as Record<string, string>);
  if (merges.length === 0 && !sectionDates.some((at) => Date.parse(at) > runEnded)) return `, in ${run}.`;
  const recorded = merges.length > 0 ? `; merges recorded: ${merges.map(([scenario, at]) => `${scenario} ${utc(at)}`).join(', ')}` : '';
  return [
    `. The figures come from more than one run: ${run}, which recorded the machine and versions above, and later runs of some scenarios, whose figures replaced that run's (\`npm run bench -- --only=… --merge\`${recorded}).`,
    'A section that gives its own date was measured then; for one that does not, the git history of `bench/results/latest.json` says which run it comes from.',
  ].join(' ');
}

export function renderReport(results: Results): string {
  const m = results.machine;
  return [
    '# Performance',
    '',
    '<!-- Generated by `npm run bench` from bench/results/latest.json; do not edit by hand. -->',
    '',
    `Measured on ${m.cpus} × ${m.cpuModel}, ${m.memoryGiB} GiB, Node ${m.node}, Astro ${m.astro}${runsOf(results)} These machines are shared and noisy, so each figure sits beside its floor from the same run, and ratios are what to compare. Tables quote medians; ranges are min–max over the runs.`,
    '',
    ...(results.build ? buildSection(results.build) : []),
    '',
    ...(results.api ? apiSection(results.api) : []),
    '',
    ...(results.upload ? uploadSection(results.upload) : []),
    '',
    ...(results.pages ? pagesSection(results.pages) : []),
    '',
    ...(results.delivery ? [...deliverySection(results.delivery), ''] : []),
    ...(results.editor ? editorSection(results.editor) : []),
    '',
    ...(results.images ? [...imagesReport(results.images), ''] : []),
    ...(results.publish ? [renderPublishReport(results.publish)] : []),
    '## Reproducing',
    '',
    '`npm run bench` runs everything above (roughly half an hour on a 2-core machine, a third of it the cold build of 200 photos, which `--photos=0` leaves out) and rewrites this file, `bench/results/latest.json` and `bench/results/build-scaling.svg`. `npm run bench -- --quick` runs small sizes in three to four minutes and writes to `test-results/bench/`; `npm test` runs it as a smoke test. `npm run bench -- --only=publish --merge` measures some scenarios again and puts their figures into this file and `latest.json`, keeping the others. `npm run bench -- --help` lists every flag; an unknown one is refused.',
    '',
  ].join('\n');
}

/** Build time against page count, ours and the floor: a small line chart. */
export function renderChart(results: Results): string {
  const points = succeeded(results.build ?? []);
  const width = 640;
  const height = 360;
  const pad = { left: 64, right: 24, top: 32, bottom: 48 };
  if (points.length === 0) return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"></svg>\n`;
  const maxPages = Math.max(...points.map((p) => p.pages));
  const maxSeconds = Math.max(...points.map((p) => p.ours.wallMs.max / 1000), ...points.map((p) => p.floor.wallMs.max / 1000)) * 1.1;
  const x = (pages: number) => pad.left + (pages / maxPages) * (width - pad.left - pad.right);
  const y = (seconds: number) => height - pad.bottom - (seconds / maxSeconds) * (height - pad.top - pad.bottom);
  const line = (pick: (p: BuildPoint) => number, color: string, label: string, labelY: number) =>
    [
      `<polyline fill="none" stroke="${color}" stroke-width="2.5" points="${[[0, 0], ...points.map((p) => [p.pages, pick(p)])].map(([a, b]) => `${x(a!).toFixed(1)},${y(b!).toFixed(1)}`).join(' ')}"/>`,
      ...points.map((p) => `<circle cx="${x(p.pages).toFixed(1)}" cy="${y(pick(p)).toFixed(1)}" r="4" fill="${color}"><title>${label}: ${p.pages} pages, ${fixed(pick(p), 2)} s</title></circle>`),
      `<text x="${width - pad.right - 150}" y="${labelY}" fill="${color}" font-size="13" font-weight="600">${label}</text>`,
    ].join('\n  ');
  const ticks = Array.from({ length: 5 }, (_, i) => (maxSeconds / 4) * i);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" font-family="system-ui, sans-serif">
  <title>astro build wall time against page count</title>
  <rect width="100%" height="100%" fill="#fff"/>
  ${ticks.map((t) => `<line x1="${pad.left}" x2="${width - pad.right}" y1="${y(t).toFixed(1)}" y2="${y(t).toFixed(1)}" stroke="#e5e7eb"/><text x="${pad.left - 8}" y="${(y(t) + 4).toFixed(1)}" text-anchor="end" font-size="11" fill="#6b7280">${fixed(t, 0)} s</text>`).join('\n  ')}
  ${points.map((p) => `<text x="${x(p.pages).toFixed(1)}" y="${height - pad.bottom + 18}" text-anchor="middle" font-size="11" fill="#6b7280">${whole(p.pages)}</text>`).join('\n  ')}
  <text x="${(width / 2).toFixed(0)}" y="${height - 10}" text-anchor="middle" font-size="12" fill="#374151">pages</text>
  ${line((p) => p.ours.wallMs.median / 1000, '#4f46e5', 'This engine', pad.top + 4)}
  ${line((p) => p.floor.wallMs.median / 1000, '#14b8a6', 'Bare Astro floor', pad.top + 22)}
</svg>
`;
}
