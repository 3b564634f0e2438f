/**
 * The editor: the gzip size of its island's first load against React alone
 * (the floor any React editor pays), the lazily loaded rich-text field apart,
 * and keystroke latency on a generated page with many sections, in the
 * inspector and in the preview.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { build } from 'vite';
import { copyProject, PROJECT_ROOT } from '../../tests/helpers/project-copy.ts';
import { bigPage } from '../../tests/helpers/big-page.ts';
import { startDevServer } from '../../tests/helpers/servers.ts';
import { CHROMIUM, CHROMIUM_ARGS } from '../../tests/helpers/chromium.ts';
import { percentile, stat } from '../lib/stats.ts';
import { splitBundle, type BuiltChunk } from '../lib/bundle.ts';


/** The chunks (minified, gzipped) of a browser bundle built from `source`. */
async function builtChunks(name: string, source: string): Promise<BuiltChunk[]> {
  const dir = join(PROJECT_ROOT, 'bench', 'tmp');
  await mkdir(dir, { recursive: true });
  const entry = join(dir, `${name}.tsx`);
  await writeFile(entry, source);
  try {
    const output = await build({
      root: PROJECT_ROOT,
      configFile: false,
      logLevel: 'error',
      define: { 'process.env.NODE_ENV': '"production"' },
      build: { write: false, minify: true, target: 'es2022', rollupOptions: { input: entry } },
    });
    const results = (Array.isArray(output) ? output : [output]).flatMap((result) => ('output' in result ? result.output : []));
    return results.flatMap((chunk) =>
      chunk.type === 'chunk'
        ? [{ fileName: chunk.fileName, isEntry: chunk.isEntry, imports: chunk.imports, moduleIds: chunk.moduleIds, gzipBytes: gzipSync(chunk.code).length }]
        : [],
    );
  } finally {
    await rm(entry, { force: true });
  }
}

/** The island's first load against React alone; the rich-text field (loaded by dynamic import) and any other lazy chunk apart. */
export async function islandSizes() {
  const island = splitBundle(
    await builtChunks(
      'editor-island',
      `import { createRoot } from 'react-dom/client';
import EditorApp from '../../src/editor/app/EditorApp';
const payload = JSON.parse(document.getElementById('payload')!.textContent!);
createRoot(document.getElementById('root')!).render(<EditorApp payload={payload} initialSlug={null} />);`,
    ),
    /RichTextField\.tsx$/,
  );
  const react = splitBundle(
    await builtChunks(
      'react-only',
      `import { createRoot } from 'react-dom/client';
createRoot(document.getElementById('root')!).render(<p>{document.title}</p>);`,
    ),
    /$^/,
  ).firstLoadGzipBytes;
  const editor = island.firstLoadGzipBytes;
  return {
    editorGzipBytes: editor,
    richTextGzipBytes: island.lazyMatchingGzipBytes,
    otherLazyGzipBytes: island.lazyOtherGzipBytes,
    reactGzipBytes: react,
    editorOverReact: editor / react,
  };
}

/** The floor for inspector latency: the same form on a page of a few sections, so what remains is React's and the browser's own cost. */
const FLOOR_SECTIONS = 8;

async function keystrokeLatency(sections: number, keystrokes: number, { preview: measurePreview = true } = {}) {
  const project = await copyProject('bench-editor');
  await writeFile(join(project.dataRoot, 'pages', 'big.json'), JSON.stringify(bigPage(sections)));
  const server = await startDevServer(project);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(`${server.origin}/editor/big`);
    const middle = `big-${Math.floor(sections / 2) - (Math.floor(sections / 2) % 4)}`; // a content-block
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.locator(`.outline-item[data-section-id="${middle}"]`).click();
    const title = page.getByLabel(/^Title/);
    await title.waitFor({ timeout: 15_000 }).catch(async (error) => {
      await page.screenshot({ path: join(PROJECT_ROOT, 'test-results', 'bench-editor-failure.png') });
      throw new Error(`${error.message}\npage errors: ${errors.join(' | ')}`);
    });
    await title.click();
    const original = await title.inputValue();
    await page.frameLocator('iframe[title="Preview"]').locator(`[data-section-id="${middle}"]`).waitFor();
    // Warm up (the first keystrokes compile the code paths typing takes), then let the preview settle.
    for (let i = 0; i < 10; i += 1) {
      await page.keyboard.press('x');
      await page.waitForTimeout(25);
    }
    await page.waitForTimeout(1000);

    // Keydown to the moment React has committed the input (a message posted after the input event).
    await page.evaluate(() => {
      const w = window as unknown as { inspectorSamples: number[] };
      w.inspectorSamples = [];
      let started = 0;
      const channel = new MessageChannel();
      channel.port1.onmessage = () => w.inspectorSamples.push(performance.now() - started);
      document.addEventListener('keydown', () => (started = performance.now()), true);
      document.addEventListener('input', () => channel.port2.postMessage(null));
    });
    for (let i = 0; i < keystrokes; i += 1) {
      await page.keyboard.press(String.fromCharCode(97 + (i % 26)));
      await page.waitForTimeout(25);
    }
    const inspector = await page.evaluate(() => (window as unknown as { inspectorSamples: number[] }).inspectorSamples);

    // Keystroke to the preview showing the new text.
    const preview: number[] = [];
    const frame = page.frameLocator('iframe[title="Preview"]');
    // The title back as it was first: typed on, it would pass its 100 characters, and a draft its
    // schema refuses is previewed as saved, so the new text would never show.
    if (measurePreview) {
      await title.fill(original);
      await frame.locator(`[data-section-id="${middle}"]`).getByText(original, { exact: true }).waitFor();
      await page.waitForTimeout(500);
    }
    for (let i = 0; measurePreview && i < keystrokes; i += 1) {
      const text = await title.inputValue();
      const started = Date.now();
      await page.keyboard.press(String.fromCharCode(65 + (i % 26)));
      await frame.locator(`[data-section-id="${middle}"]`).getByText(`${text}${String.fromCharCode(65 + (i % 26))}`, { exact: true }).waitFor();
      preview.push(Date.now() - started);
    }
    const summary = (samples: number[]) => ({ median: stat(samples).median, p95: percentile(samples, 95), min: stat(samples).min, max: stat(samples).max, samples: samples.length });
    return { sections, inspectorMs: summary(inspector), ...(measurePreview ? { previewMs: summary(preview) } : {}) };
  } finally {
    await browser.close();
    await server.stop();
    await project.remove();
  }
}

export async function editorScenarios({ keystrokes, sections }: { keystrokes: number; sections: number }) {
  return {
    bundle: await islandSizes(),
    latency: await keystrokeLatency(sections, keystrokes),
    floorLatency: await keystrokeLatency(FLOOR_SECTIONS, keystrokes, { preview: false }),
  };
}
