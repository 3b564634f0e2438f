/**
 * `npm run bench`: every scenario, each figure beside its floor from the same
 * run. Writes bench/results/latest.json, bench/results/build-scaling.svg and
 * docs/performance.md. `--quick` runs small sizes as a smoke test and writes
 * to test-results/bench/ instead, leaving the committed report alone.
 * `--only=build,api` runs some scenarios (for development; it writes nothing), and with
 * `--merge` puts their figures into bench/results/latest.json and docs/performance.md.
 * `--photos=N` sets how many distinct photos the images scenario builds with (with `--merge`,
 * `--photos=0` keeps the build times of the earlier run), and
 * `--build-runs=N` how many builds of each kind the build scenario times at each size.
 * `--report-only` renders the chart and docs/performance.md again from
 * bench/results/latest.json, after a change to the report's wording.
 * Any other flag or argument is refused with the usage (exit code 2), since a mistyped flag
 * would otherwise start the full half-hour run that rewrites the docs; `--help` prints it.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { PROJECT_ROOT } from '../tests/helpers/project-copy.ts';
import { buildScaling } from './scenarios/build.ts';
import { renderChart, renderReport } from './report.ts';

/** The scenarios `--only` may name. */
const SCENARIOS = ['build', 'api', 'upload', 'delivery', 'pages', 'images', 'publish', 'editor'];

const USAGE = 'Usage: npm run bench [-- [--quick] [--only=<scenario>,… [--merge]] [--photos=N] [--build-runs=N]] | npm run bench -- --report-only | npm run bench -- --help';

const HELP = `${USAGE}

With no flag: every scenario at full size (about half an hour), rewriting docs/performance.md,
bench/results/latest.json and bench/results/build-scaling.svg.
  --quick          small sizes, a few minutes; writes to test-results/bench/ only
  --only=a,b       only these scenarios (${SCENARIOS.join(', ')}); prints the figures, writes nothing
  --merge          with --only (not --quick): puts those figures into bench/results/latest.json
                   and renders docs/performance.md and the chart again
  --photos=N       distinct photos for the images scenario (default 200, none with --quick)
  --build-runs=N   builds of each kind at each size (default 5, 2 with --quick)
  --report-only    renders docs/performance.md and the chart from bench/results/latest.json, runs nothing
  --help           prints this`;

/** Refuses the command line: the reason and the usage on stderr, exit code 2, before anything runs. */
function refuse(reason: string): never {
  console.error(`npm run bench: ${reason}\n${USAGE}\n(npm run bench -- --help says what each flag does)`);
  process.exit(2);
}

/** A whole number given to `--name=N`, or undefined when the flag is absent. */
function wholeNumberFlag(name: string, value: string | undefined, min = 0): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) < min) refuse(`--${name} takes a whole number of at least ${min}, written in digits (got "${value}")`);
  return Number(value);
}

function readArgs() {
  try {
    return parseArgs({
      args: process.argv.slice(2),
      strict: true,
      allowPositionals: false,
      options: {
        quick: { type: 'boolean' },
        only: { type: 'string' },
        merge: { type: 'boolean' },
        photos: { type: 'string' },
        'build-runs': { type: 'string' },
        'report-only': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }).values;
  } catch (error) {
    // Node's advice for an unknown option (pass it after `--` as a positional) does not apply: none is taken.
    const { code, message } = error as { code?: string; message: string };
    return refuse(code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' ? `unknown flag ${/'([^']+)'/.exec(message)?.[1] ?? message}` : message);
  }
}

// `npm run bench --quick`, without the `--`, gives the flag to npm, which passes it on only as
// npm_config_quick: the bench would see no flag and start the full run.
const toNpm = ['quick', 'only', 'merge', 'photos', 'build_runs', 'report_only'].filter((name) => process.env[`npm_config_${name}`] !== undefined);
if (toNpm.length > 0) refuse(`npm took ${toNpm.map((name) => `--${name.replace('_', '-')}`).join(', ')} for itself: put \`--\` before the bench's flags (npm run bench -- --quick)`);
const flags = readArgs();
if (flags.help) {
  console.log(HELP);
  process.exit(0);
}
const quick = flags.quick === true;
const only = flags.only?.split(',');
const unknownScenarios = only?.filter((name) => !SCENARIOS.includes(name));
if (unknownScenarios?.length) refuse(`--only names no scenario ${unknownScenarios.map((name) => `"${name}"`).join(', ')}: the scenarios are ${SCENARIOS.join(', ')}`);
const merge = flags.merge === true;
// Without --only, --merge would be ignored and the full run would rewrite the docs; with --quick it merges nothing.
if (merge && !only) refuse('--merge needs --only=<scenarios>');
if (merge && quick) refuse('--merge puts full-size figures into the committed results: not with --quick');
if (flags['report-only'] && Object.keys(flags).length > 1) refuse('--report-only takes no other flag');
const wanted = (name: string) => !only || only.includes(name);
/** `--photos=N`: how many distinct photos the images scenario builds with (default: 200, none with --quick). */
const photosArg = wholeNumberFlag('photos', flags.photos);
/** `--build-runs=N`: builds of each kind at each size (default: 5, 2 with --quick). */
const buildRunsArg = wholeNumberFlag('build-runs', flags['build-runs'], 1);

const config = quick
  ? { sizes: [30, 120], buildRuns: 2, posts: 60, tags: 8, apiSeconds: 2, apiRuns: 2, uploadRuns: 2, lighthousePages: ['/'], lighthouseRuns: 1, keystrokes: 20, sections: 60, photos: 0, publishSizes: [120], publishRuns: 3 }
  : { sizes: [1000, 5000], buildRuns: 5, posts: 500, tags: 20, apiSeconds: 10, apiRuns: 3, uploadRuns: 3, lighthousePages: null, lighthouseRuns: 5, keystrokes: 50, sections: 200, photos: 200, publishSizes: [1000, 5000], publishRuns: 5 };

async function main() {
  if (flags['report-only']) {
    const resultsDir = join(PROJECT_ROOT, 'bench', 'results');
    const results = JSON.parse(await readFile(join(resultsDir, 'latest.json'), 'utf8'));
    await writeFile(join(resultsDir, 'build-scaling.svg'), renderChart(results));
    await writeFile(join(PROJECT_ROOT, 'docs', 'performance.md'), renderReport(results));
    console.log('Rendered bench/results/build-scaling.svg and docs/performance.md from bench/results/latest.json');
    return;
  }
  const started = Date.now();
  const { version: astroVersion } = (await import('astro/package.json', { with: { type: 'json' } })).default;
  const results: Record<string, unknown> = {
    generatedAt: new Date().toISOString(),
    mode: quick ? 'quick' : 'full',
    machine: { cpus: cpus().length, cpuModel: cpus()[0]?.model, memoryGiB: Math.round(totalmem() / 2 ** 30), node: process.version, astro: astroVersion },
  };
  if (wanted('build')) {
    console.log('Static build scaling');
    const runs = buildRunsArg ?? config.buildRuns;
    results.build = await buildScaling({ sizes: config.sizes, runs, posts: config.posts, tags: config.tags });
  }
  const { serverScenarios } = await import('./scenarios/server.ts');
  if (wanted('api') || wanted('upload') || wanted('delivery') || wanted('pages')) {
    Object.assign(results, await serverScenarios({ ...config, wanted }));
  }
  if (wanted('images')) {
    const { imageScenarios } = await import('./scenarios/images.ts');
    console.log('Responsive images');
    results.images = await imageScenarios({ photos: photosArg ?? config.photos, lighthouseRuns: config.lighthouseRuns, lighthousePages: config.lighthousePages });
  }
  if (wanted('publish')) {
    const { publishScenario } = await import('./scenarios/publish.ts');
    console.log('Live publishing');
    const publish = [];
    for (const pages of config.publishSizes) publish.push(await publishScenario({ pages, posts: config.posts, tags: config.tags, runs: config.publishRuns }));
    results.publish = publish;
  }
  if (wanted('editor')) {
    const { editorScenarios } = await import('./scenarios/editor.ts');
    console.log('Editor');
    results.editor = await editorScenarios({ keystrokes: config.keystrokes, sections: config.sections });
    const { EDITOR_FIRST_LOAD_BUDGET_BYTES } = await import('./lib/bundle.ts');
    const firstLoad = (results.editor as { bundle: { editorGzipBytes: number } }).bundle.editorGzipBytes;
    if (firstLoad > EDITOR_FIRST_LOAD_BUDGET_BYTES) {
      // The results are still written; the run fails at its end.
      console.error(`The editor's first load is ${firstLoad} bytes (minified + gzip), over its budget of ${EDITOR_FIRST_LOAD_BUDGET_BYTES}: load what a session may not need apart (src/editor/app/lazy-dialogs.ts).`);
      process.exitCode = 1;
    }
  }
  results.durationSeconds = Math.round((Date.now() - started) / 1000);

  if (only && merge && !quick) {
    // The measured scenarios replace theirs in the committed results; the others keep their run's figures.
    const resultsDir = join(PROJECT_ROOT, 'bench', 'results');
    const latest = JSON.parse(await readFile(join(resultsDir, 'latest.json'), 'utf8'));
    const { generatedAt: _at, mode: _mode, machine: _machine, durationSeconds: _seconds, ...measured } = results;
    // `--photos=0` measures the pages only: the build times with photos keep the run that measured them.
    const images = measured.images as { build?: unknown } | undefined;
    if (images && !images.build && latest.images?.build) images.build = { measuredAt: latest.images.measuredAt, ...latest.images.build };
    // When each merged scenario was measured: the report says its figures come from more than one run.
    const mergedAt = Object.fromEntries(only.map((name) => [name, results.generatedAt]));
    const merged = { ...latest, ...measured, merged: { ...latest.merged, ...mergedAt } };
    await writeFile(join(resultsDir, 'latest.json'), `${JSON.stringify(merged, null, 2)}\n`);
    // The chart too: a merged build scenario changes it, and it must show the figures the report gives.
    await writeFile(join(resultsDir, 'build-scaling.svg'), renderChart(merged));
    await writeFile(join(PROJECT_ROOT, 'docs', 'performance.md'), renderReport(merged));
    console.log(`Merged ${only.join(', ')} into bench/results/latest.json and rendered build-scaling.svg and docs/performance.md`);
    return;
  }
  if (only) {
    console.log(JSON.stringify(results, null, 2));
    return;
  }
  const outDir = quick ? join(PROJECT_ROOT, 'test-results', 'bench') : join(PROJECT_ROOT, 'bench', 'results');
  const docsFile = quick ? join(outDir, 'performance.md') : join(PROJECT_ROOT, 'docs', 'performance.md');
  await mkdir(outDir, { recursive: true });
  await writeFile(join(outDir, 'latest.json'), `${JSON.stringify(results, null, 2)}\n`);
  await writeFile(join(outDir, 'build-scaling.svg'), renderChart(results));
  await writeFile(docsFile, renderReport(results));
  console.log(`Wrote ${join(outDir, 'latest.json')}, build-scaling.svg and ${docsFile} in ${results.durationSeconds} s`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
