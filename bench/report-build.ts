/** The static build's part of docs/performance.md: the scaling table, the ratios to the floor, and where the difference comes from. */
import type { BuildFailure, BuildPoint } from './scenarios/build.ts';
import { stat } from './lib/stats.ts';
import { fixed, range, succeeded, verdict, whole } from './report-format.ts';

export function buildSection(all: (BuildPoint | BuildFailure)[]): string[] {
  const points = succeeded(all);
  const failures = all.filter((p): p is BuildFailure => 'error' in p).map((p) => `| ${whole(p.pages)} | **failed**: ${p.error} ❌ | | | | | | | |`);
  const rows = points.map(
    (p) =>
      `| ${whole(p.pages)} | ${range(p.ours.wallMs, (n) => fixed(n / 1000, 2))} s | ${fixed(p.ours.msPerPage.median, 2)} | ${whole(p.ours.peakRssMiB.median)} MiB | ${range(p.floor.wallMs, (n) => fixed(n / 1000, 2))} s | **${fixed(p.ratioToFloor, 2)}×** ${verdict(p.ratioToFloor <= 1.5)} | ${whole(p.resolveAllMs.median)} ms | **${fixed(p.resolverShare * 100, 1)} %** ${verdict(p.resolverShare < 0.05)} | ${p.sectionCache ? `${fixed(p.sectionCache.hitRate * 100, 1)} %` : '–'} |`,
  );
  const [small, large] = [points[0], points.at(-1)];
  const growth = small && large && small !== large ? large.ours.wallMs.median / small.ours.wallMs.median : undefined;
  const sizeRatio = small && large ? large.pages / small.pages : 1;
  return [
    '## 1. Static build scaling',
    ...(points[0]?.measuredAt ? [`Measured ${points[0].measuredAt.slice(0, 16).replace('T', ' ')} UTC, ${points[0].ours.wallMs.runs.length} builds of each kind at each size.`, ''] : []),
    `\`astro build\` of N synthetic pages (about ten mixed sections each, unique to the page except the shared header and footer through \`$ref\`, a posts-list and a tags-list over the collections), against the **floor**: a bare Astro project that emits the same N routes from the HTML our build produced. Wall time includes starting Node. The resolver's share is the in-process time to resolve every page divided by our build time. The hit rate is the share of sections the build took from its section render cache (\`src/lib/section-cache.ts\`) instead of rendering them, as the build reports it. Before each build the previous one's output is moved aside, and deleted when the scenario ends: on these machines' file system (ext4 without a journal), files made within 30 s of deleting thousands cost about a millisecond of CPU each, which measured the file system's recent past rather than the build.`,
    '',
    '| Pages | Our build, median (min–max) | ms/page | Peak RSS | Floor build | Ratio to floor (target ≤ 1.5) | Resolve all pages | Resolver share (target < 5 %) | Section cache hit rate |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows,
    ...failures,
    '',
    growth !== undefined
      ? `Scaling: ${whole(large!.pages)} pages took **${fixed(growth, 2)}×** as long as ${whole(small!.pages)} pages, for ${fixed(sizeRatio, 0)}× the pages (target ≤ ${fixed(sizeRatio * 1.1, 1)}×, i.e. linear within 10 %): ${verdict(growth <= sizeRatio * 1.1)}. Time per page: ${fixed(small!.ours.msPerPage.median, 2)} ms at ${whole(small!.pages)} pages and ${fixed(large!.ours.msPerPage.median, 2)} ms at ${whole(large!.pages)}, each including its share of the fixed cost.`
      : '',
    ...cpuNote(points),
    ...phaseNote(points),
    ...resolverNote(points),
    '',
    ...costSplit(points),
    '',
    '![Build time against page count](../bench/results/build-scaling.svg)',
  ];
}

/** CPU time beside wall time: on a shared machine the wall clock also counts other processes' turns. */
function cpuNote(points: BuildPoint[]): string[] {
  const timed = points.filter((p) => p.ours.cpuMs && p.floor.cpuMs);
  if (timed.length === 0) return [];
  const parts = timed.map((p) => `${fixed(p.ours.cpuMs!.median / 1000, 1)} s against ${fixed(p.floor.cpuMs!.median / 1000, 1)} s at ${whole(p.pages)} pages (**${fixed(p.ours.cpuMs!.median / p.floor.cpuMs!.median, 2)}×**)`);
  return ['', `CPU time of the build process (all its threads, user and system; medians), which other work on the machine sways less than the wall clock: ${parts.join('; ')}.`];
}

/** How much of our build is prerendering (with the pages' compression) and how much compressing the other text files, as the build's own log says. */
function phaseNote(points: BuildPoint[]): string[] {
  const timed = points.filter((p) => p.ours.prerenderMs && p.ours.precompressMs);
  if (timed.length === 0) return [];
  const parts = timed.map(
    (p) =>
      `at ${whole(p.pages)} pages, prerendering (planning every page, and rendering and compressing each on the render workers as soon as it is planned) took ${fixed(p.ours.prerenderMs!.median / 1000, 2)} s, precompressing the other text files ${fixed(p.ours.precompressMs!.median / 1000, 2)} s (${fixed((p.ours.precompressMs!.median / p.ours.wallMs.median) * 100, 0)} % of the build) and everything else (start-up, the Vite builds, the images and the sitemap) ${fixed(stat(p.ours.wallMs.runs.map((wall, run) => wall - p.ours.prerenderMs!.runs[run]! - p.ours.precompressMs!.runs[run]!)).median / 1000, 2)} s`,
  );
  return ['', `Inside our build (medians, from its own log): ${parts.join('; ')}. The floor prerenders the same pages and writes no brotli or gzip copies.`];
}

/** When the resolver's share misses its target: what resolving costs per page, and where its time goes. */
function resolverNote(points: BuildPoint[]): string[] {
  const missed = points.filter((p) => p.resolverShare >= 0.05);
  if (missed.length === 0) return [];
  const perPage = missed.map((p) => `${fixed(p.resolveAllMs.median / p.pages, 2)} ms a page at ${whole(p.pages)} pages (runs: ${p.resolveAllMs.runs.map((ms) => whole(ms)).join(', ')} ms)`).join('; ');
  return [
    '',
    `The resolver's share misses its target here: ${perPage}. It is timed apart from the build, in the benchmark's own process, so it swings with the machine's load as much as the build does. Most of a page's resolve time is validating the bundle with the section schemas, and the same post cards and tags of the posts-list and tags-list are validated again on every page; validating collection-bound data once per content snapshot is the next step.`,
  ];
}

/** Fixed cost and marginal cost per page of each build, from the two sizes measured. */
function costSplit(points: BuildPoint[]): string[] {
  const [small, large] = [points[0], points.at(-1)];
  if (!small || !large || small === large) return [];
  const slope = (pick: (p: BuildPoint) => number) => (pick(large) - pick(small)) / (large.pages - small.pages);
  const ours = slope((p) => p.ours.wallMs.median);
  const floor = slope((p) => p.floor.wallMs.median);
  const fixedOurs = small.ours.wallMs.median - ours * small.pages;
  const fixedFloor = small.floor.wallMs.median - floor * small.pages;
  const resolvePerPage = large.resolveAllMs.median / large.pages;
  return [
    '',
    `Where the difference comes from, from the same measurements: each extra page costs **${fixed(ours, 2)} ms** in our build and ${fixed(floor, 2)} ms in the floor's, and the fixed part of a build is ${fixed(fixedOurs / 1000, 2)} s against ${fixed(fixedFloor / 1000, 2)} s. Resolving is ${fixed(resolvePerPage, 2)} ms of each page; the rest of the per-page cost is rendering the page (its sections, through the server build's live route, on the render workers) and compressing it, work the floor does not do because it prints finished HTML (every bundle goes into one file, \`dist/server/page-bundles.json\`). The fixed part adds the Vite builds of the server and of the editor's client, which the floor does not have.`,
    ...(points.every((p) => p.ratioToFloor <= 1.5)
      ? []
      : [
          ...whyMissed,
          ...(ours / floor > 1.5
            ? ['', `So the target cannot be met by trimming start-up alone: with no fixed part at all, our cost per page is still **${fixed(ours / floor, 2)}×** the floor's, which is the cost of rendering and compressing each page against printing finished HTML.`]
            : []),
        ]),
  ];
}

/** Shown while a build ratio misses its target: the causes, from profiles of these builds (the figures above are this run's). */
const whyMissed = [
  '',
  '**Why the ratio target is missed, and what is left.** The floor is a lower bound no real site reaches: it renders no components at all, only pastes finished HTML, and writes one file per page. What separates them:',
  '',
  "- **The fixed part**, timed line by line in a 1,000-page build: about 2 s from starting Node to Astro's first line (Vite, rolldown, the fonts API reading the typefaces' metrics, loading modules; the project's own modules take milliseconds of it), three Vite builds of about 0.7 s each (the server routes, the editor's client with React and ProseMirror, and the prerender entry for the feed, robots.txt and redirects), where the floor's are nearly empty, and starting the render workers (each loads the server build, while the build's thread plans). The content layer's sync of every data file, once most of it, is gone: the build reads `src/data` itself, once (`src/lib/build-snapshot.ts`). Precompressing the files other than pages took 1.3 s of it, nearly all brotli 11 on the editor's 1 MB of code, which visitors never load: it is brotli 9 now, 0.3 s (docs/architecture.md, \"Text is compressed at build\").",
  "- **Planning, on the build's thread**: every page resolved and given its render key, as the production server plans a publication (`src/server/publish/build-plan.ts`); the workers render each page as soon as it is planned.",
  "- **The per-page part, on the render workers** (`src/server/publish/build-pages.ts`; one per core, up to four): rendering sections through Astro's components, which the floor does not do, and compressing the page (a brotli and a gzip copy; the floor writes none). Each page now carries only the styles of its own sections, about 68 KB a page in this build (docs/architecture.md, \"Each page carries only its own styles\"), and in a profile of a 1,000-page build compressing it (brotli 5, gzip 6, about 1.8 ms of CPU a page) was 35 % of a render worker's time; the rest is Astro rendering the page through its components, spread thin over the renderer, the views, Markdown and the styles, with no single part above a few percent. The section render cache renders each distinct section once per worker (hit rate above), so what is left is the sections unique to each page and the page's own document (head, structured data, inline CSS).",
  "- **Three files a page**: the page and its two compressed copies, against the floor's one.",
];
