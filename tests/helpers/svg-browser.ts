/**
 * Loads SVGs served by a real server in Debian's Chromium, as a victim's
 * browser would: each as a top-level document and through an `<img>` on a page
 * of the site's own origin, then moves the mouse over it and clicks it (for
 * `begin="click"` animations and links). It reports every sign of activity:
 * a script parsed in the page's own world, a dialog, a console message, a
 * navigation or popup, and any request besides the page and the SVG itself
 * (which is stopped, so nothing ever leaves the machine).
 */
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';

import { CHROMIUM, CHROMIUM_ARGS } from './chromium';

export type ProbeMode = 'document' | 'img';

/** How long a loaded SVG is watched: long enough for animations that begin at load or on a click. */
const WATCH_MS = 300;
const PARALLEL_PAGES = 8;
const HOST_PAGE = '/__svg-probe__.html';

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}

/** Counts scripts compiled in the page's main world (not Playwright's isolated one), through the DevTools protocol. */
async function watchMainWorldScripts(context: BrowserContext, page: Page, report: (problem: string) => void): Promise<void> {
  const session = await context.newCDPSession(page);
  const mainWorlds = new Set<number>();
  session.on('Runtime.executionContextCreated', ({ context: created }) => {
    if (created.auxData?.isDefault) mainWorlds.add(created.id);
  });
  session.on('Debugger.scriptParsed', (script) => {
    if (mainWorlds.has(script.executionContextId)) report(`a script ran in the page (${script.url || 'inline'})`);
  });
  await session.send('Runtime.enable');
  await session.send('Debugger.enable');
}

/** Loads one SVG path in one mode, in a page of its own, and returns what it did that an inert image never does. */
export async function probeSvg(context: BrowserContext, origin: string, path: string, mode: ProbeMode): Promise<string[]> {
  const problems: string[] = [];
  const report = (problem: string) => problems.push(problem);
  const page = await context.newPage();
  try {
    const target = new URL(path, origin).href;
    const hostPage = new URL(HOST_PAGE, origin).href;
    const allowed = new Set(mode === 'img' ? [hostPage, target] : [target]);
    await page.route('**/*', async (route) => {
      const url = route.request().url();
      if (url === hostPage) return route.fulfill({ contentType: 'text/html', body: `<!doctype html><title>probe</title><img src="${path}" alt="probe" width="200" height="200">` });
      if (allowed.has(url)) return route.continue();
      report(`a request to ${url}`);
      return route.abort();
    });
    page.on('popup', (popup) => report(`a popup to ${popup.url()}`));
    page.on('dialog', (dialog) => {
      report(`a ${dialog.type()} dialog: ${dialog.message()}`);
      void dialog.dismiss();
    });
    page.on('console', (message) => report(`console: ${message.text()}`));
    await watchMainWorldScripts(context, page, report);
    const start = mode === 'img' ? hostPage : target;
    const response = await page.goto(start, { waitUntil: 'load' });
    if (mode === 'document' && response?.status() !== 200) report(`the document answered ${response?.status()}`);
    // The servers send a doubled slash to its single-slash address (301); any other arrival is a move.
    const arrived = page.url();
    if (arrived !== start && arrived !== start.replace(/(?<!:)\/{2,}/g, '/')) report(`the page moved to ${arrived}`);
    page.on('framenavigated', (frame) => frame === page.mainFrame() && report(`a navigation to ${frame.url()}`));
    await page.mouse.move(50, 50);
    await page.mouse.click(100, 100);
    await page.waitForTimeout(WATCH_MS);
    if (page.url() !== arrived) report(`the page moved to ${page.url()}`);
  } finally {
    await page.close();
  }
  return problems.map((problem) => `${mode} ${path}: ${problem}`);
}

/** Probes every path in both modes, a few pages at a time, in one fresh browser context; returns every problem found. */
export async function probeSvgs(browser: Browser, origin: string, paths: readonly string[]): Promise<string[]> {
  const context = await browser.newContext();
  try {
    const jobs = paths.flatMap((path) => (['document', 'img'] as const).map((mode) => () => probeSvg(context, origin, path, mode)));
    const problems: string[] = [];
    for (let next = 0; next < jobs.length; next += PARALLEL_PAGES) {
      const batch = await Promise.all(jobs.slice(next, next + PARALLEL_PAGES).map((job) => job()));
      problems.push(...batch.flat());
    }
    return problems;
  } finally {
    await context.close();
  }
}
