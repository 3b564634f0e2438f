/**
 * Live publishing on the production server, on a generated site of N pages:
 * - one page edited: from the save's answer (the change is committed) until
 *   the page's new HTML is served;
 * - the shared header edited, which changes every page: from the save's
 *   answer until the server says the change is live and a page shows it;
 * - a new post with a cover no page showed, which the list on every page
 *   shows first; and the site's settings, which every page's frame reads.
 * The floor is what publishing replaces, measured in the same run: a full
 * `astro build` of the same site (the build the server then starts from).
 */
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { raw } from '../../tests/helpers/http.ts';
import { copyProject } from '../../tests/helpers/project-copy.ts';
import { buildProject, startProdServer, type RunningServer } from '../../tests/helpers/servers.ts';
import { addUser, signIn, type Session } from '../../tests/helpers/sessions.ts';
import { generateSite } from '../lib/generate-site.ts';
import { stat, type Stat } from '../lib/stats.ts';
import { readServerConfig } from '../../server/config.mjs';
import { peakRssBytes, resetPeak } from '../lib/memory.ts';

const SESSION_SECRET = 'bench-session-secret-0123456789-abcdefghij';
const PASSWORD = 'bench password, long enough';

export interface PublishResult {
  pages: number;
  buildMs: number;
  onePageMs: Stat;
  onePageRatio: number;
  sharedHeaderMs: Stat;
  sharedHeaderRatio: number;
  /** The shared-header publications' phases, from the server's own log line. */
  sharedHeaderPlanMs: Stat;
  sharedHeaderRenderMs: Stat;
  /** CPU time of the server process over its threads (the render workers too), as the publisher logs it. */
  sharedHeaderCpuMs: Stat;
  /** The server process's peak RSS (its render workers are threads of it) over the shared-header publications. */
  sharedHeaderPeakRssBytes: number;
  /** Each shared-header publication in order: its time, and how many pages it rendered and made from their kept pieces. */
  sharedHeaderRuns: { ms: number; rendered: number; fromPieces: number }[];
  /** A new post, first in the list every page shows: each publication's time, and how many pages it rendered and made from their kept pieces. */
  newPostMs: Stat;
  newPostRuns: { ms: number; rendered: number; fromPieces: number }[];
  /** An edit of the site's settings, which every page's frame reads: every page rendered again. */
  siteSettingsMs: Stat;
  siteSettingsCpuMs: Stat;
  /** The fewest pages one of those publications rendered, and where. */
  siteSettingsRendered: number;
  siteSettingsWhere: string;
  /** Where they rendered ("on the render workers"), and the render workers the server had. */
  renderedWhere: string;
  renderWorkers: number;
}

/** A publication's phases, as the publisher logs them (src/server/publish/publisher.ts). */
const PUBLISHED_LINE = /Published content \S+: \d+ of \d+ pages changed, (\d+) rendered again (.+?) and (\d+) made from their kept pieces, in (\d+) ms \(read and planned in (\d+) ms.*; (\d+) ms of CPU/;

function publicationPhases(log: string): { rendered: number; where: string; fromPieces: number; renderMs: number; planMs: number; cpuMs: number } {
  const match = log.match(PUBLISHED_LINE);
  if (!match) throw new Error(`The server logged no publication:\n${log.slice(-2000)}`);
  return { rendered: Number(match[1]), where: match[2]!, fromPieces: Number(match[3]), renderMs: Number(match[4]), planMs: Number(match[5]), cpuMs: Number(match[6]) };
}

async function docOf(session: Session, file: string) {
  const docs = (await session.get('/api/editor/state')).json<{ docs: { file: string; data: any; version: string }[] }>().docs;
  const doc = docs.find((candidate) => candidate.file === file);
  if (!doc) throw new Error(`No ${file} in the editor's state`);
  return doc;
}

async function save(session: Session, change: unknown): Promise<{ ticket: number; answeredAt: number }> {
  const saved = await session.post('/api/content/changes', { changes: [change] });
  const answeredAt = performance.now();
  if (saved.status !== 200) throw new Error(`Save failed: ${saved.status} ${saved.text}`);
  return { ticket: saved.json<{ publish: { ticket: number } }>().publish.ticket, answeredAt };
}

/**
 * Polls until `done` holds, every `intervalMs`; the time it first held. A publication that renders
 * every page is polled less often: on two cores, a request every few milliseconds through the
 * session guard took CPU from the rendering it was timing.
 */
async function until(done: () => Promise<boolean>, intervalMs = 5, timeoutMs = 120_000): Promise<number> {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    if (await done()) return performance.now();
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  throw new Error('Publishing did not finish in time');
}

async function onePage(server: RunningServer, session: Session, run: number): Promise<number> {
  const file = `pages/bench/p-${(run * 37) % 50}.json`;
  const doc = await docOf(session, file);
  const title = `Published in run ${run}`;
  const path = `/${doc.data.slug}/`;
  const { answeredAt } = await save(session, { op: 'put', file, content: { ...doc.data, meta: { ...doc.data.meta, title } }, baseVersion: doc.version });
  const servedAt = await until(async () => (await raw(server.origin, { path })).text.includes(`<title>${title}</title>`));
  return servedAt - answeredAt;
}

/** Within a twentieth of a second of a publication that takes seconds. */
const SHARED_HEADER_POLL_MS = 50;

/** Saves the change `changeWith` makes with `marker` in it, which every page shows, and times it until the last page shows the marker. */
async function everyPage(server: RunningServer, session: Session, what: string, changeWith: (marker: string) => Promise<unknown>, run: number, pages: number) {
  const logFrom = server.output().length;
  const marker = `Bench ${what} ${run}`;
  const { ticket, answeredAt } = await save(session, await changeWith(marker));
  const liveAt = await until(async () => {
    const { state, error } = (await session.get(`/api/content/publishing?ticket=${ticket}`)).json<{ state: string; error?: string }>();
    if (state === 'failed') throw new Error(`The publication of ${what} failed: ${error}`);
    return state === 'live';
  }, SHARED_HEADER_POLL_MS);
  const last = (await raw(server.origin, { path: `/bench/p-${pages - 1}/` })).text;
  if (!last.includes(marker)) throw new Error(`The last page does not show ${what} once live`);
  return { ms: liveAt - answeredAt, ...publicationPhases(server.output().slice(logFrom)) };
}

/** An edit of the shared document `file`, with `edit` writing the marker into its data. */
const editOf = (session: Session, file: string, edit: (data: any, marker: string) => unknown) => async (marker: string) => {
  const doc = await docOf(session, file);
  return { op: 'put', file, content: edit(doc.data, marker), baseVersion: doc.version };
};

/** The header: a view on every page, which a page is put together with (src/server/publish/page-layout.ts). */
const sharedHeader = (server: RunningServer, session: Session, run: number, pages: number) =>
  everyPage(server, session, 'header', editOf(session, 'shared/header.json', (data, marker) => ({ ...data, data: { ...data.data, logoText: marker } })), run, pages);

/** The site's settings, which every page's frame reads (its name titles the feed's link in each head): every page is rendered again. */
const siteSettings = (server: RunningServer, session: Session, run: number, pages: number) =>
  everyPage(server, session, 'site settings', editOf(session, 'shared/site.json', (data, marker) => ({ ...data, name: marker })), run, pages);

/** Covers the generated posts do not have (theirs is cover-editorial.webp): each run's post brings an image no page showed. */
const NEW_COVERS = ['cover-accessibility.webp', 'cover-design-systems.webp', 'cover-performance.webp', 'cover-static-sites.webp', 'cover-content-modeling.webp'];

/** A new post dated today, so first in the posts-list every page shows: that view changes on every page (its new cover with it), the pages' frames do not. */
const newPost = (server: RunningServer, session: Session, run: number, pages: number) =>
  everyPage(
    server,
    session,
    'new post',
    async (title) => ({
      op: 'put',
      file: `collections/posts/bench-new-${run}.json`,
      content: { title, excerpt: 'A post the bench publishes.', date: new Date().toISOString().slice(0, 10), author: 'Bench Author', cover: { url: `/assets/images/${NEW_COVERS[(run - 1) % NEW_COVERS.length]}`, alt: 'Cover' }, tags: ['tag-0'], body: 'Published by the bench.' },
      baseVersion: null,
    }),
    run,
    pages,
  );

export async function publishScenario({ pages, posts, tags, runs }: { pages: number; posts: number; tags: number; runs: number }): Promise<PublishResult> {
  const project = await copyProject('bench-publish');
  let server: RunningServer | undefined;
  try {
    await generateSite(join(project.root, 'src', 'data'), { pages, posts, tags });
    const buildStarted = performance.now();
    await buildProject(project);
    const buildMs = performance.now() - buildStarted;
    const usersFile = join(project.root, '.content-store', 'bench-users.json');
    await addUser(project, usersFile, 'bench', 'admin', PASSWORD);
    server = await startProdServer(project, { SESSION_SECRET, EDITOR_USERS_FILE: usersFile, ASTRO_NODE_LOGGING: 'disabled' });
    const session = await signIn(server, 'bench', PASSWORD);
    await onePage(server, session, 0); // warm up the render path
    const onePageMs: number[] = [];
    for (let run = 1; run <= runs; run += 1) onePageMs.push(await onePage(server, session, run));
    const headerRuns = [];
    await resetPeak(server.pid);
    for (let run = 1; run <= Math.max(1, Math.ceil(runs / 2)); run += 1) headerRuns.push(await sharedHeader(server, session, run, pages));
    const sharedHeaderPeakRssBytes = await peakRssBytes(server.pid);
    const postRuns = [];
    for (let run = 1; run <= Math.max(1, Math.ceil(runs / 2)); run += 1) postRuns.push(await newPost(server, session, run, pages));
    const settingsRuns = [];
    for (let run = 1; run <= Math.max(1, Math.ceil(runs / 2)); run += 1) settingsRuns.push(await siteSettings(server, session, run, pages));
    const [one, header] = [stat(onePageMs), stat(headerRuns.map(({ ms }) => ms))];
    return {
      pages,
      buildMs,
      onePageMs: one,
      onePageRatio: one.median / buildMs,
      sharedHeaderMs: header,
      sharedHeaderRatio: header.median / buildMs,
      sharedHeaderPlanMs: stat(headerRuns.map(({ planMs }) => planMs)),
      sharedHeaderRenderMs: stat(headerRuns.map(({ renderMs }) => renderMs)),
      sharedHeaderCpuMs: stat(headerRuns.map(({ cpuMs }) => cpuMs)),
      sharedHeaderPeakRssBytes,
      sharedHeaderRuns: headerRuns.map(({ ms, rendered, fromPieces }) => ({ ms, rendered, fromPieces })),
      newPostMs: stat(postRuns.map(({ ms }) => ms)),
      newPostRuns: postRuns.map(({ ms, rendered, fromPieces }) => ({ ms, rendered, fromPieces })),
      siteSettingsMs: stat(settingsRuns.map(({ ms }) => ms)),
      siteSettingsCpuMs: stat(settingsRuns.map(({ cpuMs }) => cpuMs)),
      siteSettingsRendered: Math.min(...settingsRuns.map(({ rendered }) => rendered)),
      siteSettingsWhere: [...new Set(settingsRuns.map(({ where }) => where))].join(', '),
      renderedWhere: [...new Set(headerRuns.map(({ where }) => where))].join(', '),
      // The server's count: it reads the same environment, PUBLISH_WORKERS included.
      renderWorkers: readServerConfig().publishWorkers,
    };
  } finally {
    await server?.stop();
    await project.remove();
  }
}

/** The report's section on publishing, from one run's figures. */
export function renderPublishReport(results: PublishResult[] | undefined): string {
  if (!results?.length) return '';
  const largest = results.at(-1)!;
  const verdict = (met: boolean) => (met ? '✅' : '❌');
  const ms = (value: number) => (value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${Math.round(value)} ms`);
  const rows = results.map(
    (result) =>
      `| ${result.pages.toLocaleString('en')} | ${ms(result.buildMs)} | ${ms(result.onePageMs.median)} (max ${ms(result.onePageMs.max)}) ${verdict(result.onePageMs.median < 1000)} | ${(result.onePageRatio * 100).toFixed(2)}% | ${ms(result.sharedHeaderMs.median)} (max ${ms(result.sharedHeaderMs.max)}) ${verdict(result.sharedHeaderMs.median < 5000)} | ${(result.sharedHeaderRatio * 100).toFixed(1)}% | ${result.newPostMs ? ms(result.newPostMs.median) : 'not measured'} | ${ms(result.siteSettingsMs.median)} |`,
  );
  const runsOf = (list: { ms: number; rendered: number; fromPieces: number }[]) => list.map(({ ms: time, rendered, fromPieces }) => `${ms(time)} (${rendered.toLocaleString('en')} rendered, ${fromPieces.toLocaleString('en')} put together)`).join(', ');
  const runs = runsOf(largest.sharedHeaderRuns);
  return [
    '## Live publishing',
    '',
    'A change saved on the production server, until visitors get it (`bench/scenarios/publish.ts`). **One page**: from the save\'s answer (the change committed) until the page\'s new HTML is served. **Shared header**: the header, which every page shows, from the save\'s answer until the server reports the change live (every page changed and swapped in) and the last page shows it. **New post**: the same for a new post, dated today and with a cover no page showed, which the posts-list on every page shows first. **Site settings**: the same for an edit of the site\'s name, which every page\'s frame shows, so every page is rendered again (not a target; the cost of a change no page can be put together after). The floor is what publishing replaces: a full build of the same site, measured in the same run. Targets: one page under 1 s at the median, the shared header under 5 s, at 5,000 pages.',
    '',
    '| Pages | Full build (floor) | One page | One page / build | Shared header | Shared header / build | New post | Site settings |',
    '|---|---|---|---|---|---|---|---|',
    ...rows,
    '',
    `What decides the shared header's time, from the server's own log of each publication (at ${largest.pages.toLocaleString('en')} pages): a page whose header view alone changed is put together from its kept pieces with the header's new view in place, not rendered (\`src/server/publish/page-layout.ts\`); the first publication starts from the build's pages, whose layout \`page-bundles.json\` gives. The publications, in order (the first starts from the build's pages, after the one-page edits): ${runs}. Reading the committed content and planning the publication (resolving every page with the one resolver, computing its render and layout keys, and putting pages together) took ${ms(largest.sharedHeaderPlanMs.median)} at the median on the server's thread, and the whole ${ms(largest.sharedHeaderCpuMs.median)} of CPU over the server's threads; the server process (its render workers are threads of it) peaked at ${largest.sharedHeaderPeakRssBytes ? `${Math.round(largest.sharedHeaderPeakRssBytes / 1048576).toLocaleString('en')} MiB` : 'an unmeasured size'} of memory over these publications.`,
    '',
    ...(largest.newPostRuns ? [`A new post changes the posts-list on every page (two views here, one for each of its variants), and brings its cover with it. The cover's bytes are in the view's key, not the page's frame (\`layoutKeysOf\`, \`src/server/publish/published-pages.ts\`), so the pages are put together too. The publications at ${largest.pages.toLocaleString('en')} pages, in order: ${runsOf(largest.newPostRuns)}.`, ''] : []),
    `An edit of the site's settings renders every page again (at least ${largest.siteSettingsRendered.toLocaleString('en')} of ${largest.pages.toLocaleString('en')} in each publication, ${largest.siteSettingsWhere}, ${largest.renderWorkers} render workers on this machine's ${availableParallelism()} cores): ${ms(largest.siteSettingsMs.median)} at the median, ${ms(largest.siteSettingsCpuMs.median)} of CPU (${(largest.siteSettingsCpuMs.median / largest.pages).toFixed(2)} ms a page), which on ${availableParallelism()} cores is at least ${ms(largest.siteSettingsCpuMs.median / availableParallelism())} of the clock. Each worker renders with the bundles the server resolved and its own section cache (\`src/server/publish/render-pool.ts\`). The one-page time is reading and planning the publication, which takes over the resolved bundles of every page the change does not reach (\`src/lib/carry-over.ts\`), and rendering the page on the server's own thread.`,
    '',
  ].join('\n');
}
