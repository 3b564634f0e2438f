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
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../tests/helpers/project-copy.ts';
import { buildScaling } from './scenarios/build.ts';
import { renderChart, renderReport } from './report.ts';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const only = args.find((arg) => arg.startsWith('--only='))?.slice('--only='.length).split(',');
const wanted = (name: string) => !only || only.includes(name);
/** `--photos=N`: how many distinct photos the images scenario builds with (default: 200, none with --quick). */
const photosFlag = args.find((arg) => arg.startsWith('--photos='));
const photosArg = photosFlag ? Number(photosFlag.slice('--photos='.length)) : undefined;
const merge = args.includes('--merge');
/** `--build-runs=N`: builds of each kind at each size (default: 5, 2 with --quick). */
const buildRunsFlag = args.find((arg) => arg.startsWith('--build-runs='));

const config = quick
  ? { sizes: [30, 120], buildRuns: 2, posts: 60, tags: 8, apiSeconds: 2, apiRuns: 2, uploadRuns: 2, lighthousePages: ['/'], lighthouseRuns: 1, keystrokes: 20, sections: 60, photos: 0, publishSizes: [120], publishRuns: 3 }
  : { sizes: [1000, 5000], buildRuns: 5, posts: 500, tags: 20, apiSeconds: 10, apiRuns: 3, uploadRuns: 3, lighthousePages: null, lighthouseRuns: 5, keystrokes: 50, sections: 200, photos: 200, publishSizes: [1000, 5000], publishRuns: 5 };

async function main() {
  if (args.includes('--report-only')) {
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
    const runs = buildRunsFlag ? Number(buildRunsFlag.slice('--build-runs='.length)) : config.buildRuns;
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
    const merged = { ...latest, ...measured };
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
