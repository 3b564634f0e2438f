/** A page that renders to an error: live publishing keeps it out and publishes the rest; the build fails on it (page-rendering.ts). */
import { describe, expect, it } from 'vitest';
import { snapshotFromEntries } from '../../src/engine/snapshot';
import { renderPages } from '../../src/server/publish/page-rendering';
import type { RenderedInWorker } from '../../src/server/publish/render-pool';
import type { PageToRender } from '../../src/server/publish/render-worker-side';

const page = (path: string) => [path, { path } as PageToRender] as [string, PageToRender];
const context = { snapshot: snapshotFromEntries([]), markViews: true };
/** The server's thread: `/broken/` renders to a 500 with an empty body, as a view that throws mid-stream leaves it. */
const onThread = async (path: string): Promise<RenderedInWorker> =>
  path === '/broken/' ? { status: 500, body: Buffer.alloc(0) } : path === '/error-page/' ? { status: 500, body: Buffer.from('<!doctype html><html><head><style>body{border-radius:4px}</style>') } : { status: 200, body: Buffer.from(`<p>${path}</p>`) };

describe('renderPages with a page that renders to an error', () => {
  it('hands it to refuse, with why, and takes every other page', async () => {
    const taken: string[] = [];
    const refused: [string, string][] = [];
    await renderPages({ pages: [page('/'), page('/broken/'), page('/about/')], context, readable: [], refuse: (key, reason) => refused.push([key, reason]) }, onThread, undefined, (key) => void taken.push(key));
    expect(taken.sort()).toEqual(['/', '/about/']);
    expect(refused).toEqual([['/broken/', 'Rendering the page at /broken/ failed (500): a view threw while rendering it (the server log has the error)']]);
  });

  it('says why in words, never by quoting the opening of an HTML error page (300 characters of markup)', async () => {
    const refused: string[] = [];
    await renderPages({ pages: [page('/error-page/')], context, readable: [], refuse: (_key, reason) => refused.push(reason) }, onThread, undefined, () => {});
    expect(refused).toEqual(['Rendering the page at /error-page/ failed (500): a view threw while rendering it (the server log has the error)']);
  });

  it('fails the whole without refuse (the build)', async () => {
    await expect(renderPages({ pages: [page('/'), page('/broken/')], context, readable: [] }, onThread, undefined, () => {})).rejects.toThrow('Rendering the page at /broken/ failed (500)');
  });
});
