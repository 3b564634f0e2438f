/**
 * Static build scaling: `astro build` of N synthetic pages, against a bare
 * Astro project that emits the same N routes from the HTML we produced (the
 * framework's floor), plus the resolver's own share of the build.
 */
import { spawn } from 'node:child_process';
import { mkdir, readdir, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'vite';
import { PRERENDER_CONCURRENCY } from '../../src/build-settings.mjs';
import { copyProject, PROJECT_ROOT } from '../../tests/helpers/project-copy.ts';
import { userEnv } from '../../tests/helpers/servers.ts';
import { generateSite } from '../lib/generate-site.ts';
import { repeat, stat, type Stat } from '../lib/stats.ts';

/** A size whose build failed (say, out of memory): reported, not hidden. */
export interface BuildFailure {
  pages: number;
  error: string;
}

export interface BuildPoint {
  pages: number;
  ours: { wallMs: Stat; msPerPage: Stat; peakRssMiB: Stat; cpuMs?: Stat; prerenderMs?: Stat; precompressMs?: Stat };
  floor: { wallMs: Stat; msPerPage: Stat; peakRssMiB: Stat; cpuMs?: Stat };
  ratioToFloor: number;
  resolveAllMs: Stat;
  resolverShare: number;
  /** When this size was measured: a run of the build scenario alone (`--only=build --merge`) keeps other scenarios' figures. */
  measuredAt?: string;
  /** What the build's section render cache reported (src/lib/section-cache.ts); the same in every run. */
  sectionCache?: { sections: number; hits: number; hitRate: number };
}

interface BuildRun {
  wallMs: number;
  peakRssMiB: number;
  /** CPU time of the build process, all its threads (user + system): less swayed by other work on a shared machine than wall time. */
  cpuMs: number;
  prerenderMs?: number;
  precompressMs?: number;
  sectionCache?: { hits: number; misses: number };
}

/** Reads the build's own output: how long prerendering and precompressing took. */
function phases(output: string): Pick<BuildRun, 'prerenderMs' | 'precompressMs'> {
  // Astro writes 850ms, 12.34s or 1m 5s.
  const prerender = /prerendering static routes[\s\S]*?✓ Completed in (?:(\d+)m )?([\d.]+)(m?s)/.exec(output);
  const precompress = /precompressed in (\d+) ms/.exec(output);
  return {
    prerenderMs: prerender ? Number(prerender[1] ?? 0) * 60_000 + Number(prerender[2]) * (prerender[3] === 's' ? 1000 : 1) : undefined,
    precompressMs: precompress ? Number(precompress[1]) : undefined,
  };
}

/**
 * Where a build's output goes before the next build: moved aside, and deleted once the scenario is
 * done. Deleted at once, thousands of files would make the next build's files slow to create on
 * these machines' file system (ext4 without a journal skips inodes freed in the last 30 s, and
 * profiles put half a core into that), which measured the file system's recent past, not the build.
 */
let trash: string | undefined;
let moved = 0;

async function moveAside(path: string) {
  trash ??= await mkdtempDir('trash');
  await rename(path, join(trash, String((moved += 1)))).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
  });
}

/** Runs `astro build` in `root` in a fresh Node process: wall time, peak RSS, its phases and its section cache counts. */
async function timedBuild(root: string): Promise<BuildRun> {
  // Every run is a cold build.
  for (const dir of ['dist', '.astro', '.build-cache']) await moveAside(join(root, dir));
  const script = `const { build } = await import('astro'); await build({ root: process.cwd(), cacheDir: './.build-cache', logLevel: 'info' }); process.stdout.write('\\nRSS ' + process.resourceUsage().maxRSS + '\\nCPU ' + Object.values(process.cpuUsage()).reduce((a, b) => a + b, 0));`;
  return new Promise((resolve, reject) => {
    const started = performance.now();
    // userEnv(): a NODE_ENV=development left behind by an in-process Vite server would make this a slow, huge dev-mode build.
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { cwd: root, env: { ...userEnv(), ASTRO_TELEMETRY_DISABLED: '1' } });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => {
      const wallMs = performance.now() - started;
      const rss = /\nRSS (\d+)/.exec(output)?.[1];
      // The section cache's counts over every thread that rendered, as the build reports them (src/lib/section-cache.ts).
      const report = /\[section-cache-report\] (\d+) sections, (\d+) from the cache/.exec(output);
      const sections = report ? { hits: Number(report[2]), misses: Number(report[1]) - Number(report[2]) } : undefined;
      const cpu = /\nCPU (\d+)/.exec(output)?.[1];
      if (code !== 0 || !rss) reject(new Error(`astro build failed in ${root}:\n${output.slice(-3000)}`));
      else resolve({ wallMs, peakRssMiB: Number(rss) / 1024, cpuMs: Number(cpu) / 1000, ...phases(output), ...(sections ? { sectionCache: sections } : {}) });
    });
  });
}

/** A bare Astro project whose only route prints precomputed HTML files: the framework's floor. */
async function floorProject(htmlRoot: string, slugs: string[]): Promise<string> {
  const root = await mkdtempDir('floor');
  await mkdir(join(root, 'src', 'pages'), { recursive: true });
  await symlink(join(PROJECT_ROOT, 'node_modules'), join(root, 'node_modules'), 'dir');
  await writeFile(join(root, 'package.json'), JSON.stringify({ name: 'floor', type: 'module', private: true }));
  // The same prerender concurrency as ours, so the ratio compares our work, not the setting.
  await writeFile(join(root, 'astro.config.mjs'), `export default { output: 'static', devToolbar: { enabled: false }, build: { concurrency: ${PRERENDER_CONCURRENCY} } };\n`);
  await writeFile(join(root, 'pages.json'), JSON.stringify(slugs.map((slug) => ({ slug, file: join(htmlRoot, slug, 'index.html') }))));
  await writeFile(
    join(root, 'src', 'pages', '[...slug].astro'),
    `---
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
export function getStaticPaths() {
  return JSON.parse(readFileSync(join(process.cwd(), 'pages.json'), 'utf8')).map((page) => ({ params: { slug: page.slug }, props: { file: page.file } }));
}
const html = readFileSync(Astro.props.file, 'utf8');
---
<Fragment set:html={html} />
`,
  );
  return root;
}

async function mkdtempDir(label: string): Promise<string> {
  const { mkdtemp } = await import('node:fs/promises');
  return mkdtemp(join(tmpdir(), `cse-bench-${label}-`));
}

/** Time to resolve every page in process, with the site's own resolver over the files. */
async function resolveAll(dataRoot: string, runs: number): Promise<Stat> {
  // Vite's createServer sets process.env.NODE_ENV = 'development' when it is unset; put it back afterwards.
  const nodeEnv = process.env.NODE_ENV;
  const vite = await createServer({ root: PROJECT_ROOT, configFile: false, logLevel: 'error', server: { middlewareMode: true, hmr: false, watch: null }, appType: 'custom', optimizeDeps: { noDiscovery: true, include: [] } });
  try {
    const { createSiteResolver } = await vite.ssrLoadModule('/src/lib/site-resolver.ts');
    const { createFsSnapshotLoader } = await vite.ssrLoadModule('/src/engine/fs-snapshot.ts');
    const { snapshot } = await createFsSnapshotLoader(dataRoot)();
    const times = await repeat(runs, async () => {
      const started = performance.now();
      const resolver = createSiteResolver(snapshot);
      for (const page of resolver.listPages()) resolver.resolvePage(page.slug);
      return performance.now() - started;
    });
    return stat(times);
  } finally {
    await vite.close();
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}

export async function buildScaling({ sizes, runs, posts, tags }: { sizes: number[]; runs: number; posts: number; tags: number }): Promise<(BuildPoint | BuildFailure)[]> {
  const points: (BuildPoint | BuildFailure)[] = [];
  for (const pages of sizes) {
    const project = await copyProject(`bench-build-${pages}`);
    let floorRoot: string | undefined;
    try {
      await generateSite(project.dataRoot, { pages, posts, tags });
      console.log(`  build: ${pages} pages, ours…`);
      const ours = await repeat(runs, () => timedBuild(project.root));
      const built = join(project.root, 'dist', 'client');
      const slugs = (await readdir(join(built, 'bench'))).map((name) => `bench/${name}`);
      if (slugs.length !== pages) throw new Error(`expected ${pages} pages, built ${slugs.length}`);
      floorRoot = await floorProject(built, slugs);
      console.log(`  build: ${pages} pages, floor…`);
      const floor = await repeat(runs, () => timedBuild(floorRoot!));
      const resolveAllMs = await resolveAll(project.dataRoot, runs);
      const summary = (results: BuildRun[]) => ({
        wallMs: stat(results.map((r) => r.wallMs)),
        msPerPage: stat(results.map((r) => r.wallMs / pages)),
        peakRssMiB: stat(results.map((r) => r.peakRssMiB)),
        cpuMs: stat(results.map((r) => r.cpuMs)),
      });
      const phase = (pick: (run: BuildRun) => number | undefined) => (ours.every((run) => pick(run) !== undefined) ? stat(ours.map((run) => pick(run)!)) : undefined);
      const point = {
        pages,
        ours: { ...summary(ours), prerenderMs: phase((run) => run.prerenderMs), precompressMs: phase((run) => run.precompressMs) },
        floor: summary(floor),
        resolveAllMs,
        measuredAt: new Date().toISOString(),
      } as BuildPoint;
      const counts = ours.at(-1)?.sectionCache;
      if (counts) point.sectionCache = { sections: counts.hits + counts.misses, hits: counts.hits, hitRate: counts.hits / (counts.hits + counts.misses) };
      point.ratioToFloor = point.ours.wallMs.median / point.floor.wallMs.median;
      point.resolverShare = resolveAllMs.median / point.ours.wallMs.median;
      points.push(point);
    } catch (error) {
      const message = (error as Error).message;
      const reason = /heap out of memory/.test(message) ? 'JavaScript heap out of memory' : message.split('\n').slice(0, 3).join(' ');
      console.log(`  build: ${pages} pages failed: ${reason}`);
      points.push({ pages, error: reason });
    } finally {
      await project.remove();
      if (floorRoot) await rm(floorRoot, { recursive: true, force: true });
      if (trash) await rm(trash, { recursive: true, force: true });
      trash = undefined;
    }
  }
  return points;
}
