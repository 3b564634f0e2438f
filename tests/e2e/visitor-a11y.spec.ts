/**
 * axe on every page of the demo site as visitors get it, on a phone and on a desktop: no serious
 * or critical violation. (The editor's screens are a11y.spec.ts.) A code block too wide for a
 * phone once scrolled without taking focus, which no keyboard user could scroll.
 */
import AxeBuilder from '@axe-core/playwright';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect } from '@playwright/test';
import { test } from './support';

const DATA = fileURLToPath(new URL('../../src/data/', import.meta.url));
const entries = (collection: string) => readdirSync(`${DATA}collections/${collection}`).filter((name) => name.endsWith('.json')).map((name) => name.slice(0, -5));
/** The demo's pages as the repository has them (other specs add pages to the shared copy for a while). */
const PATHS = ['/', '/about/', '/features/', '/pricing/', '/journal/', '/docs/getting-started/', ...entries('posts').map((slug) => `/posts/${slug}/`), ...entries('tags').map((slug) => `/tags/${slug}/`), '/no-such-page/'];

for (const width of [320, 1440]) {
  test(`every demo page at ${width} px has no serious accessibility violation`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width, height: 900 });
    const report: string[] = [];
    for (const path of PATHS) {
      await page.goto(path);
      const { violations } = await new AxeBuilder({ page }).analyze();
      for (const violation of violations.filter(({ impact }) => impact === 'serious' || impact === 'critical')) {
        report.push(`${path}: ${violation.id} (${violation.impact}) ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
      }
    }
    expect(report).toEqual([]);
  });
}
