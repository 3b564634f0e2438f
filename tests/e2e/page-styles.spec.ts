/**
 * Each visitor page carries only the styles of what it shows
 * (src/server/publish/page-styles.ts), and looks exactly as it would with the
 * whole stylesheet: on the production server, every element and pseudo-element
 * of each page has the same computed style, in Chromium, at a phone's width and
 * a desktop's, as on the same page given the build's whole stylesheet.
 */
import { expect, test, type Page } from '@playwright/test';
import { readdir, readFile } from 'node:fs/promises';
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
      for (const pseudo of [null, '::before', '::after', '::marker']) {
        const style = getComputedStyle(element, pseudo);
        const values = [...style].map((property) => `${property}:${style.getPropertyValue(property)}`).join(';');
        styles.push(`${index} <${element.tagName.toLowerCase()} class="${element.getAttribute('class') ?? ''}">${pseudo ?? ''} ${fnv1a(values)}`);
      }
    }
    return styles;
  });
}

/** The page's inlined `<style>`, and the build's stylesheet it was cut from (the one that, cut down for this page, gives it). */
async function stylesOf(html: string): Promise<{ inlined: string; whole: string }> {
  const folder = join(running!.project.root, 'dist', 'client', '_astro');
  const inlined = [...html.slice(0, html.indexOf('</head>')).matchAll(/<style>([\s\S]*?)<\/style>/g)].map(([, css]) => css!);
  const scopes = scopesIn(Buffer.from(html));
  for (const name of (await readdir(folder)).filter((file) => file.endsWith('.css'))) {
    const whole = await readFile(join(folder, name), 'utf8');
    const pruned = prunedStylesheet(prunableStylesheet(whole), scopes);
    const match = inlined.find((css) => css === pruned);
    if (match) return { inlined: match, whole };
  }
  throw new Error('No stylesheet of the build cuts down to a <style> of this page');
}

for (const path of PAGES) {
  test(`${path} looks the same with only its own styles as with the whole stylesheet`, async ({ page }) => {
    const url = `${running!.server.origin}${path}`;
    const html = await (await fetch(url)).text();
    expect(html.slice(0, html.indexOf('</head>'))).not.toContain('rel="stylesheet"');
    const { inlined, whole } = await stylesOf(html);
    // The page carries less than the whole; the fewer the section types it shows, the less.
    expect(inlined.length).toBeLessThan(whole.length);

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
        await page.route(url, (route) => route.fulfill({ status: path === '/no-such-page/' ? 404 : 200, contentType: 'text/html; charset=utf-8', body: html.replace(`<style>${inlined}</style>`, () => `<style>${whole}</style>`) }));
        await page.goto(url);
        const withWhole = await computedStyles(page);
        const differs = own.length === withWhole.length ? own.findIndex((style, index) => style !== withWhole[index]) : Math.min(own.length, withWhole.length);
        difference = differs === -1 ? undefined : { own: own[differs], withWhole: withWhole[differs] };
      }
      expect(difference, `${path} at ${width} px`).toBeUndefined();
    }
  });
}
