/**
 * Each visitor page carries only the styles of what it shows
 * (src/server/publish/page-styles.ts), and looks exactly as it would with the
 * whole stylesheets: on the production server, every element, and every pseudo-element
 * that makes a box, of each page has the same computed style, in Chromium, at a phone's width and
 * a desktop's, as on the same page given the build's whole stylesheets in place of its own.
 */
import { expect, test, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { builtProdServer } from '../helpers/servers';
import { prunableStylesheet, prunedStylesheet, scopesIn } from '../../src/lib/stylesheet-pruning';

const PAGES = ['/', '/about/', '/features/', '/pricing/', '/journal/', '/posts/zero-javascript-by-default/', '/tags/performance/', '/no-such-page/'];
const WIDTHS = [390, 1440];

let running: Awaited<ReturnType<typeof builtProdServer>> | undefined;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  running = await builtProdServer('e2e-page-styles', {});
});

test.afterAll(async () => {
  await running?.stop();
});

/** Every element's and pseudo-element's computed style, in document order: its tag and class, and a hash of every property's value (the whole text would be megabytes a page). */
function computedStyles(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    // Once the web fonts are in and two frames are drawn: see `sameStyles` below.
    await document.fonts.ready;
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const fnv1a = (text: string) => {
      let hash = 0x811c9dc5;
      for (let index = 0; index < text.length; index++) hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193) >>> 0;
      return hash.toString(16);
    };
    const styles: string[] = [];
    for (const [index, element] of [...document.querySelectorAll('*')].entries()) {
      const own = getComputedStyle(element);
      for (const pseudo of [null, '::before', '::after', '::marker']) {
        const style = pseudo ? getComputedStyle(element, pseudo) : own;
        // A pseudo-element that makes no box (no content; a marker of what is no list item) shows
        // nothing whatever its other properties: only what decides that is compared, which reads
        // a quarter of the values (every value of every pseudo-element took 3 s a page).
        const boxless = pseudo === '::marker' ? own.display !== 'list-item' : pseudo !== null && (style.content === 'none' || style.content === 'normal');
        const values = boxless ? `display:${own.display};content:${style.content}` : [...style].map((property) => `${property}:${style.getPropertyValue(property)}`).join(';');
        styles.push(`${index} <${element.tagName.toLowerCase()} class="${element.getAttribute('class') ?? ''}">${pseudo ?? ''} ${fnv1a(values)}`);
      }
    }
    return styles;
  });
}

/**
 * Each inlined `<style>` of the page, and the build's stylesheets it was cut from, whole and in
 * order. Astro links several (one a lazily loaded view), and the renderer makes those linked one
 * after the other one `<style>`; which ones is in the style keys of the build's page layouts
 * (`dist/server/page-bundles.json`), the same runs on every page of the one visitor route. A
 * `<style>` is matched to the run whose sheets, cut down for this page, give exactly its text;
 * every run must match one (the page's other `<style>`, Astro's `@font-face` rules, is its own).
 */
async function stylesOf(html: string): Promise<{ inlined: string; whole: string }[]> {
  const dist = join(running!.project.root, 'dist');
  const { pages } = JSON.parse(await readFile(join(dist, 'server', 'page-bundles.json'), 'utf8')) as { pages: { layout?: { styles: { key: string }[] } }[] };
  const runs = new Set(pages.flatMap(({ layout }) => layout?.styles.map(({ key }) => key.slice(0, key.indexOf(':'))) ?? []));
  const runsAPage = new Set(pages.map(({ layout }) => layout?.styles.length));
  expect([...runsAPage]).toHaveLength(1);
  const sheetText = async (name: string) => readFile(join(dist, 'client', '_astro', name), 'utf8');
  const scopes = scopesIn(Buffer.from(html));
  const candidates = await Promise.all(
    [...runs].map(async (run) => {
      const texts = await Promise.all(run.split('+').map(sheetText));
      return { pruned: texts.map((text) => prunedStylesheet(prunableStylesheet(text), scopes)).join(''), whole: texts.join('') };
    }),
  );
  const inlined = [...html.slice(0, html.indexOf('</head>')).matchAll(/<style>([\s\S]*?)<\/style>/g)].map(([, css]) => css!);
  const matched = inlined.flatMap((css) => {
    const run = candidates.find(({ pruned }) => pruned === css);
    return run ? [{ inlined: css, whole: run.whole }] : [];
  });
  expect(matched.length, 'each run of stylesheets is a <style> of the page').toBe([...runsAPage][0]);
  return matched;
}

for (const path of PAGES) {
  test(`${path} looks the same with only its own styles as with the whole stylesheets`, async ({ page }) => {
    const url = `${running!.server.origin}${path}`;
    const html = await (await fetch(url)).text();
    expect(html.slice(0, html.indexOf('</head>'))).not.toContain('rel="stylesheet"');
    const styles = await stylesOf(html);
    // The page carries less than the whole; the fewer the section types it shows, the less.
    expect(styles.reduce((length, { inlined }) => length + inlined.length, 0)).toBeLessThan(styles.reduce((length, { whole }) => length + whole.length, 0));
    const withWholeSheets = styles.reduce((page, { inlined, whole }) => page.replace(`<style>${inlined}</style>`, () => `<style>${whole}</style>`), html);

    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      /*
       * Measured again when they differ, up to three times: a style that pruning lost differs on
       * every load, while layout can still be settling on one (in one of sixteen loads of the
       * home page in Chromium, the posts list's centred container measured margins of 0 rather
       * than 80 px, with either stylesheet).
       */
      let difference: { own?: string; withWhole?: string } | undefined;
      for (let attempt = 0; attempt < 3 && (attempt === 0 || difference); attempt++) {
        await page.unroute(url);
        await page.goto(url);
        const own = await computedStyles(page);
        await page.route(url, (route) => route.fulfill({ status: path === '/no-such-page/' ? 404 : 200, contentType: 'text/html; charset=utf-8', body: withWholeSheets }));
        await page.goto(url);
        const withWhole = await computedStyles(page);
        const differs = own.length === withWhole.length ? own.findIndex((style, index) => style !== withWhole[index]) : Math.min(own.length, withWhole.length);
        difference = differs === -1 ? undefined : { own: own[differs], withWhole: withWhole[differs] };
      }
      expect(difference, `${path} at ${width} px`).toBeUndefined();
    }
  });
}
