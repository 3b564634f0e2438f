// A thread that checks uploaded SVGs (src/server/image-check-thread.ts starts it), so that the
// parse of a large one (a second or more for 10 MB: svg.ts walks every element and attribute)
// runs beside the server's request loop instead of stopping it.
// It runs the upload check itself, checkImageContent of src/server/images.ts, from its TypeScript
// source: there is one check, and no copy of it is built for the thread. Node strips the types
// (module.stripTypeScriptTypes, whose 'transform' mode also takes HttpError's parameter
// properties), and the hooks below let the source's extensionless relative imports ('./svg')
// resolve as Vite resolves them. The production server runs from the project folder, which holds
// src/ (docs/deploy.md), so this works under `astro dev` and `npm start` alike.
// Messages: { id, bytes, claimed, mimeType } in; { id } (accepted) or { id, error: { status?, message } } out.
// Plain JavaScript so both servers can start it without a build step.
import { readFileSync } from 'node:fs';
import { registerHooks, stripTypeScriptTypes } from 'node:module';
import { fileURLToPath } from 'node:url';
import { parentPort } from 'node:worker_threads';

// Said once per thread otherwise, on every server start, about an API this file depends on knowingly.
process.removeAllListeners('warning');
const RELATIVE_WITHOUT_EXTENSION = /^\.\.?\/(?:[^/]+\/)*[^./]+$/;

registerHooks({
  resolve(specifier, context, next) {
    if (!RELATIVE_WITHOUT_EXTENSION.test(specifier) || !context.parentURL?.endsWith('.ts')) return next(specifier, context);
    return next(`${specifier}.ts`, context);
  },
  load(url, context, next) {
    if (!url.startsWith('file:') || !url.endsWith('.ts')) return next(url, context);
    const source = stripTypeScriptTypes(readFileSync(fileURLToPath(url), 'utf8'), { mode: 'transform', sourceUrl: url });
    return { format: 'module', source, shortCircuit: true };
  },
});

const { checkImageContent } = await import(new URL('../src/server/images.ts', import.meta.url).href);

parentPort.on('message', async ({ id, bytes, claimed, mimeType }) => {
  try {
    await checkImageContent(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), claimed, mimeType);
    parentPort.postMessage({ id });
  } catch (error) {
    const status = typeof error?.status === 'number' ? error.status : undefined;
    parentPort.postMessage({ id, error: { status, message: error instanceof Error ? error.message : String(error) } });
  }
});
parentPort.postMessage({ ready: true });
